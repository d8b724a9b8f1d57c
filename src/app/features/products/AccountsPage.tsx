import { Body1, Button, makeStyles, Spinner, Text, Title1, tokens } from '@fluentui/react-components';
import { useLocation, useNavigate } from 'react-router-dom';
import { Shell } from '../../components/Shell';
import { track } from '../../lib/analytics';
import { useAtom } from '../../lib/jotai';
import { bankingTypeAtom } from './accountChoice';
import { BankingTypeSwitch } from './BankingTypeSwitch';
import { useExternalSite } from './externalSite';
import { accountPath, type AccountProduct } from './productsConfig';
import { StarterNotice, useStarterNotice } from './StarterNotice';
import { useProducts } from './useProducts';
import { useT } from '../../i18n/useT';

const useStyles = makeStyles({
  heading: { display: 'block', marginBottom: '8px' },
  intro: { display: 'block', marginBottom: '16px' },
  // The table from 640 px up; below, one card per account (a phone sees all three without sideways scrolling).
  wide: { marginTop: '24px', '@media (max-width: 639px)': { display: 'none' } },
  cards: { display: 'none', marginTop: '24px', flexDirection: 'column', gap: '16px', padding: 0, listStyleType: 'none', '@media (max-width: 639px)': { display: 'flex' } },
  card: { border: `1px solid ${tokens.colorNeutralStroke1}`, borderRadius: tokens.borderRadiusLarge, padding: '16px', display: 'flex', flexDirection: 'column', gap: '8px' },
  facts: { margin: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: '8px 12px' },
  pair: { display: 'contents' },
  term: { fontWeight: 600 },
  value: { margin: 0 },
  // A native table: real row and column headers for screen readers, styled with the theme's tokens.
  table: { width: '100%', height: '1px', borderCollapse: 'collapse', fontSize: tokens.fontSizeBase300 },
  headCell: { height: '100%', verticalAlign: 'top', textAlign: 'start', padding: '12px', borderBottom: `2px solid ${tokens.colorNeutralStroke1}` },
  cell: { padding: '12px', textAlign: 'start', verticalAlign: 'top', borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  // The Choose buttons line up at the bottom of the header row, however long each description is.
  headInner: { display: 'flex', flexDirection: 'column', gap: '8px', alignItems: 'flex-start', height: '100%' },
  choose: { marginTop: 'auto' },
  description: { color: tokens.colorNeutralForeground2, fontWeight: 400 },
  caption: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)' },
  rowLabel: { fontWeight: 600, padding: '12px', textAlign: 'start', verticalAlign: 'top', borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
});

/** /business/accounts: the comparison table of spec 001 §3, rows and columns from the config. */
export default function AccountsPage() {
  const styles = useStyles();
  const t = useT();
  const navigate = useNavigate();
  const { search } = useLocation();
  const leaving = useExternalSite('#products');
  const { products, isLoading, error } = useProducts();
  const [bankingType, setBankingType] = useAtom(bankingTypeAtom);
  const notice = useStarterNotice(products);
  const islamic = bankingType === 'islamic';
  const columns = products.comparison.columns
    .map((id) => products.accounts.find((a) => a.id === id))
    .filter((a): a is AccountProduct => a !== undefined);

  const apply = (account: AccountProduct) => {
    track({ event: 'landing page account chosen', productName: account.accountName });
    if (notice.needed(account)) notice.open(account, bankingType);
    else navigate({ pathname: accountPath(account, bankingType), search });
  };

  return (
    <Shell title={products.landing.comparisonTitle || t('panel.accountsComparison')} showSteps={false} variant={islamic ? 'islamic' : undefined}>
      <Title1 as="h1" id="products" className={styles.heading}>
        {t('accounts.title')}
      </Title1>
      <Body1 as="p" className={styles.intro}>{t('accounts.intro')}</Body1>
      <BankingTypeSwitch config={products} value={bankingType} onChange={setBankingType} />
      <StarterNotice notice={notice} />
      {(isLoading || leaving) && <Spinner label={t('landing.loading')} />}
      {error && (
        <Text role="alert" as="p">
          {t('common.glitch')}
        </Text>
      )}
      {columns.length > 0 && (
        <div className={styles.wide}>
          <table className={styles.table}>
            <caption className={styles.caption}>{t('accounts.caption')}</caption>
            <thead>
              <tr>
                <th className={styles.headCell} scope="col">
                  {t('accounts.account')}
                </th>
                {columns.map((account) => (
                  <th key={account.id} className={styles.headCell} scope="col">
                    <div className={styles.headInner}>
                      <Text weight="semibold" size={400}>
                        {islamic ? (account.islamic?.name ?? account.name) : account.name}
                        {islamic ? ` ${account.islamic?.headerSuffix ?? 'RAKislamic'}` : ''}
                      </Text>
                      <Text className={styles.description}>{account.description}</Text>
                      <Button className={styles.choose} appearance="primary" onClick={() => apply(account)}>
                        {t('accounts.choose')}<span className={styles.caption}> {account.name}</span>
                      </Button>
                    </div>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {products.comparison.rows.map((row) => (
                <tr key={row.id}>
                  <th className={styles.rowLabel} scope="row">
                    {row.label}
                  </th>
                  {columns.map((account) => (
                    <td key={account.id} className={styles.cell}>
                      {row.values[account.id]?.text ?? ''}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {columns.length > 0 && (
        <ul className={styles.cards} aria-label={t('accounts.list')}>
          {columns.map((account) => {
            const name = islamic ? `${account.islamic?.name ?? account.name} ${account.islamic?.headerSuffix ?? 'RAKislamic'}` : account.name;
            return (
              <li key={account.id} className={styles.card}>
                <Text as="h2" weight="semibold" size={500}>
                  {name}
                </Text>
                <Text className={styles.description}>{account.description}</Text>
                <dl className={styles.facts}>
                  {products.comparison.rows.map((row) => (
                    <div key={row.id} className={styles.pair}>
                      <dt className={styles.term}>{row.label}</dt>
                      <dd className={styles.value}>{row.values[account.id]?.text ?? ''}</dd>
                    </div>
                  ))}
                </dl>
                <Button appearance="primary" onClick={() => apply(account)}>
                  {t('accounts.choose')}<span className={styles.caption}> {account.name}</span>
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </Shell>
  );
}
