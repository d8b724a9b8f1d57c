import { Body1, Button, makeStyles, MessageBar, MessageBarBody, Spinner, Title1, Title3 } from '@fluentui/react-components';
import { useEffect } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import { Shell } from '../../components/Shell';
import { track } from '../../lib/analytics';
import { BankingTypeSwitch } from './BankingTypeSwitch';
import { accountForSlug, accountPath, eligibilityNotice, variantFor } from './productsConfig';
import { useProducts } from './useProducts';
import { useT } from '../../i18n/useT';

const useStyles = makeStyles({
  stack: { display: 'flex', flexDirection: 'column', gap: '16px', alignItems: 'flex-start' },
});

/** /business/accounts/{accountType}: title, subtitle and 'Apply now' (spec 001 §2). Unknown types go to the comparison. */
export default function ProductPage() {
  const styles = useStyles();
  const t = useT();
  const navigate = useNavigate();
  const { search } = useLocation();
  const { accountType } = useParams();
  const { products, ready } = useProducts();
  const match = accountForSlug(products, accountType);

  useEffect(() => {
    if (match) track({ event: 'product page', productName: match.account.accountName });
  }, [match?.account.accountName]); // eslint-disable-line react-hooks/exhaustive-deps

  if (!ready) return <Spinner label={t('common.loading')} style={{ marginTop: 64 }} />;
  if (!match) return <Navigate to={{ pathname: '/business/accounts', search }} replace />;
  const { account, bankingType } = match;
  const islamic = bankingType === 'islamic';
  const name = islamic ? (account.islamic?.name ?? account.name) : account.name;
  const notice = eligibilityNotice(account, { question: false });

  return (
    <Shell title={t('panel.startPages')} showSteps={false} variant={variantFor(account, islamic)}>
      <div className={styles.stack}>
        <Title1 as="h1">
          {name}
          {islamic ? ` ${account.islamic?.headerSuffix ?? 'RAKislamic'}` : ''}
        </Title1>
        <Title3 as="p">{account.description}</Title3>
        <BankingTypeSwitch
          config={products}
          value={bankingType}
          onChange={(next) => navigate({ pathname: accountPath(account, next), search })}
        />
        {notice && (
          <MessageBar intent="info" layout="multiline">
            <MessageBarBody>{notice}</MessageBarBody>
          </MessageBar>
        )}
        <Body1 as="p">{t('product.intro')}</Body1>
        <Button
          appearance="primary"
          size="large"
          onClick={() => {
            track({ event: 'product apply', productName: account.accountName });
            navigate({ pathname: `${accountPath(account, bankingType)}/application-overview`, search });
          }}
        >
          {t('product.apply')}
        </Button>
      </div>
    </Shell>
  );
}
