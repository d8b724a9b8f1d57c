import { Body1, Button, makeStyles, Spinner, Text, Title1, tokens } from '@fluentui/react-components';
import { useLocation, useNavigate } from 'react-router-dom';
import { Shell } from '../../components/Shell';
import { track } from '../../lib/analytics';
import { useAtomValue } from '../../lib/jotai';
import { bankingTypeAtom } from '../products/accountChoice';
import { useExternalSite } from '../products/externalSite';
import { accountPath } from '../products/productsConfig';
import { useProducts } from '../products/useProducts';
import { useT } from '../../i18n/useT';

const useStyles = makeStyles({
  heading: { display: 'block', marginBottom: '8px' },
  cards: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', gap: '16px', margin: '24px 0' },
  // A plain box in Fluent's card look: Fluent's Card brings its focus management (tabster) into the entry chunk,
  // and these cards are not interactive themselves (their button is).
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: '12px',
    height: '100%',
    boxSizing: 'border-box',
    padding: '12px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
  },
  cardText: { flexGrow: 1, display: 'flex', flexDirection: 'column', gap: '2px' },
  cardFooter: { display: 'flex', gap: '12px' },
});

/**
 * Landing (/ and /business): the promise of the product and the accounts to choose from, all from the config.
 * It is in the entry chunk, so it must stay free of form code (the build report checks).
 */
export function LandingPage() {
  const styles = useStyles();
  const t = useT();
  const navigate = useNavigate();
  const { search } = useLocation();
  const leaving = useExternalSite();
  const { products, error, isLoading } = useProducts();
  const bankingType = useAtomValue(bankingTypeAtom);
  return (
    <Shell title={products.landing.comparisonTitle || t('panel.accountsComparison')} showSteps={false}>
      <Title1 as="h1" className={styles.heading}>{products.landing.title || t('landing.title')}</Title1>
      <Body1 as="p" style={{ display: 'block' }}>{t('landing.intro')}</Body1>
      {(isLoading || leaving) && <Spinner label={t('landing.loading')} />}
      {error && (
        <Text role="alert" as="p">
          {t('common.glitch')}
        </Text>
      )}
      <div className={styles.cards}>
        {products.accounts.map((account) => (
          <section key={account.id} className={styles.card} aria-label={account.name}>
            <div className={styles.cardText}>
              <Text as="h2" weight="semibold" size={500}>{account.name}</Text>
              <Text as="p">{account.description}</Text>
            </div>
            <div className={styles.cardFooter}>
              <Button
                appearance="primary"
                onClick={() => {
                  track({ event: 'landing page account chosen', productName: account.accountName });
                  navigate({ pathname: accountPath(account, bankingType), search });
                }}
              >
                {t('landing.see', { name: account.name })}
              </Button>
            </div>
          </section>
        ))}
      </div>
      <Button appearance="secondary" size="large" onClick={() => navigate({ pathname: '/business/accounts', search })}>
        {t('landing.compare')}
      </Button>
    </Shell>
  );
}
