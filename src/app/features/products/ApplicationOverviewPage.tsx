import { Body1, Button, makeStyles, Spinner, Title1 } from '@fluentui/react-components';
import { useEffect } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import { customerJourney } from '../../components/journey';
import { Shell } from '../../components/Shell';
import { track } from '../../lib/analytics';
import { useSetAtom } from '../../lib/jotai';
import { accountChoiceAtom } from './accountChoice';
import { useExternalSite } from './externalSite';
import { accountForSlug, accountTitle, variantFor } from './productsConfig';
import { useProducts } from './useProducts';
import { useT } from '../../i18n/useT';
import { BackIcon } from '../../components/BackIcon';

const useStyles = makeStyles({
  heading: { display: 'block', marginBottom: '8px' },
  steps: { paddingInlineStart: '20px', lineHeight: '28px' },
  actions: { display: 'flex', gap: '16px', flexWrap: 'wrap', alignItems: 'center', marginTop: '24px' },
});

/**
 * /business/accounts/{accountType}/application-overview, the start page: 'Start application' stores the chosen
 * account (accountChoiceAtom) and opens applicant info; '< Back to other account options' returns to the
 * comparison with the applicationOverviewFlow state.
 */
export default function ApplicationOverviewPage() {
  const styles = useStyles();
  const t = useT();
  const navigate = useNavigate();
  const { search } = useLocation();
  const { accountType } = useParams();
  const { products, ready } = useProducts();
  const setChoice = useSetAtom(accountChoiceAtom);
  const leaving = useExternalSite();
  const match = accountForSlug(products, accountType);

  useEffect(() => {
    if (match) track({ event: 'product review page', productName: match.account.accountName });
  }, [match?.account.accountName]); // eslint-disable-line react-hooks/exhaustive-deps

  if (!ready || leaving) return <Spinner label={t('common.loading')} style={{ marginTop: 64 }} />;
  if (!match) return <Navigate to={{ pathname: '/business/accounts', search }} replace />;
  const { account, bankingType } = match;
  const islamic = bankingType === 'islamic';

  const start = () => {
    setChoice({ accountType: account.id, islamicBanking: islamic });
    track({ event: 'product start', productName: account.accountName });
    navigate({ pathname: '/business/ApplicantInfo', search });
  };

  return (
    <Shell title={t('panel.startPages')} showSteps={false} variant={variantFor(account, islamic)}>
      <Title1 as="h1" className={styles.heading}>
        {t('overview.title', { account: accountTitle(account, islamic) })}
      </Title1>
      <Body1 as="p" style={{ display: 'block' }}>{t('overview.intro', { count: customerJourney.length })}</Body1>
      <ol className={styles.steps}>
        {customerJourney.map((s) => (
          <li key={s.step}>{s.titleId ? t(s.titleId) : s.title}</li>
        ))}
      </ol>
      <div className={styles.actions}>
        <Button appearance="primary" size="large" onClick={start}>
          {t('overview.start')}
        </Button>
        <Button appearance="subtle" icon={<BackIcon />} onClick={() => navigate({ pathname: '/business/accounts', search }, { state: { applicationOverviewFlow: true } })}>
          {t('overview.back')}
        </Button>
      </div>
    </Shell>
  );
}
