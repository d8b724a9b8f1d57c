import { Body1, makeStyles, Title3, tokens } from '@fluentui/react-components';
import { EditRegular } from '@fluentui/react-icons';
import { useContext, useMemo } from 'react';
import { IntlContext } from 'react-intl';
import { Link } from 'react-router-dom';
import type { AppConfig } from '../config/useConfig';
import { readProducts } from '../products/productsConfig';
import { useT } from '../../i18n/useT';
import { usePageT } from '../../i18n/usePageT';
import { type DocumentGroup, uploadStatusWords, type UploadStatusWords } from './documentWords';
import { type OverviewSection, type OverviewWords, prospectOverview } from './summaryModel';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

const useStyles = makeStyles({
  group: { marginTop: tokens.spacingVerticalXXL },
  card: { border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, padding: '12px 16px', marginTop: '12px' },
  cardHead: { display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: '12px', flexWrap: 'wrap' },
  list: { display: 'grid', gridTemplateColumns: 'minmax(120px, 40%) 1fr', columnGap: '16px', rowGap: '6px', margin: '8px 0 0' },
  term: { color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere' },
  value: { margin: 0, overflowWrap: 'anywhere' },
  edit: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '4px',
    minHeight: '44px',
    minWidth: '44px',
    color: tokens.colorBrandForegroundLink,
    ':hover': { color: tokens.colorBrandForegroundLinkHover, textDecorationLine: 'underline' },
  },
});

/** A stakeholder whose section an Edit link opens. */
export interface EditedStakeholder {
  index: number;
  id: string;
  stepNumber: number;
}

export interface SummaryViewProps {
  config: AppConfig;
  prospect: Obj;
  /** The documents, grouped (GET prospects/{id}/documents through documentGroups); left out when undefined. */
  documents?: DocumentGroup[];
  /** Where "Edit" of a section leads (by flow name, "documents" or "account", and the step of a company section); no link when undefined. */
  /** The Edit link of a section; `stakeholder`: whose section it is (its index, id and the step's place in its flow). */
  editPath?: (flow: string, step?: string, stakeholder?: EditedStakeholder) => string | undefined;
  /** Heading level of the groups (the sections are one below). */
  level?: 2 | 3;
  /** Steps left out (e.g. the annexure on the applicant's side, which the customer config does not hold anyway). */
  omitSteps?: string[];
}

interface Card {
  key: string;
  title: string;
  rows: { path: string; label: string; value: string }[];
  edit?: string;
}

/** Arabic letters: a value without any is data typed in Latin letters or digits (a name, an e-mail, a phone number). */
const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF]/;

/**
 * One answer. Data without Arabic letters ("+971 50 ••• 4567", "aisha@falcon.ae", "CN-1234/2020") is laid out left
 * to right inside the Arabic page (an isolated run: its digits, signs and spaces keep their order); a value in
 * Arabic (a list label, a date) follows the page.
 */
export function DataValue({ value }: { value: string }) {
  return ARABIC.test(value) ? <>{value}</> : <bdi dir="ltr">{value}</bdi>;
}

function Rows({ rows }: { rows: Card['rows'] }) {
  const styles = useStyles();
  return (
    <dl className={styles.list}>
      {rows.map((r) => (
        <div key={r.path} style={{ display: 'contents' }}>
          <dt className={styles.term}>{r.label}</dt>
          <dd className={styles.value}>
            <DataValue value={r.value} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

function CardView({ card, level, titled = true }: { card: Card; level: 3 | 4 | 5; titled?: boolean }) {
  const styles = useStyles();
  const t = usePageT();
  const Heading = `h${level}` as 'h3';
  return (
    <div className={styles.card} data-summary-section={card.title}>
      <div className={styles.cardHead}>
        {/* A step titled like its page (Basic Information) is not titled twice. */}
        {titled ? (
          <Body1 as={Heading} style={{ fontWeight: 600, margin: 0 }}>
            {card.title}
          </Body1>
        ) : (
          <span />
        )}
        {card.edit && (
          <Link to={card.edit} className={styles.edit} aria-label={t('summary.editNamed', { title: card.title })}>
            <EditRegular aria-hidden /> {t('summary.edit')}
          </Link>
        )}
      </div>
      <Rows rows={card.rows} />
    </div>
  );
}

/** The account chosen: product name, banking type and value package (schemas/products.json). */
function accountRows(config: AppConfig, prospect: Obj, t: ReturnType<typeof usePageT>): Card['rows'] {
  const info = isObj(prospect.applicationInfo) ? prospect.applicationInfo : {};
  const products = readProducts(config.products as Obj | undefined);
  const account = products.accounts.find((a) => a.id === info.accountType);
  const rows: Card['rows'] = [];
  if (account) rows.push({ path: '/applicationInfo/accountType', label: t('summary.account'), value: info.islamicBanking === true ? (account.islamic?.name ?? account.name) : account.name });
  const banking = products.landing.bankingTypes.find((b) => b.islamicBanking === (info.islamicBanking === true));
  if (banking) rows.push({ path: '/applicationInfo/islamicBanking', label: t('summary.banking'), value: banking.label });
  const packages = ((config.products as Obj | undefined)?.packages ?? []) as { _id?: string; value?: string; name?: string }[];
  if (typeof info.rakValuePackage === 'string' && info.rakValuePackage) {
    const pkg = Array.isArray(packages) ? packages.find((p) => p.value === info.rakValuePackage || p._id === info.rakValuePackage) : undefined;
    rows.push({ path: '/applicationInfo/rakValuePackage', label: t('summary.valuePackage'), value: pkg?.name ?? info.rakValuePackage });
  }
  return rows;
}

/**
 * The whole application as the applicant filled it in, page by page and step by step, labelled with the
 * schemas' titles and the lists' labels (never codes), Yes/No, dates in the local format; answers the form logic
 * hides are left out. One renderer for the applicant's submit page and the agent's overview.
 */
export function SummaryView({ config, prospect, documents, editPath, level = 2, omitSteps = [] }: SummaryViewProps) {
  const styles = useStyles();
  const t = usePageT();
  const entryT = useT();
  // The language the texts are shown in (the provider's: it switches once the catalogue is in).
  const locale = useContext(IntlContext)?.locale === 'ar' ? 'ar' : 'en';
  const words = useMemo<OverviewWords>(() => {
    const files = new Map((documents ?? []).flatMap((g) => g.documents.flatMap((d) => (d.fileName ? [[d.documentKey, d.fileName] as const] : []))));
    return {
      locale,
      yes: entryT('widgets.yes'),
      no: entryT('widgets.no'),
      notUploaded: t('summary.notUploaded'),
      uploaded: t('summary.uploaded'),
      stakeholder: (n) => t('summary.stakeholder', { n }),
      fileOf: (key) => files.get(key),
    };
  }, [locale, entryT, t, documents]);
  const statusWords = useMemo<UploadStatusWords>(
    () => ({ Uploaded: t('summary.uploaded'), NotUploaded: t('summary.notUploaded'), Pending: t('summary.pending'), Rejected: t('summary.rejected') }),
    [t],
  );
  const overview = useMemo(() => prospectOverview(config, prospect, words), [config, prospect, words]);
  const GroupHeading = `h${level}` as 'h2';
  const sub = (level + 1) as 3 | 4;
  const keep = (s: OverviewSection) => !s.step || !omitSteps.includes(s.step);

  // Groups in the order the applicant met them: each flow title once, its steps as cards.
  const groups: { title: string; cards: Card[]; stakeholders?: { name: string; cards: Card[] }[] }[] = [];
  const groupFor = (title: string) => {
    let g = groups.find((x) => x.title === title);
    if (!g) groups.push((g = { title, cards: [] }));
    return g;
  };
  const account = accountRows(config, prospect, t);
  if (account.length) groupFor(t('summary.account')).cards.push({ key: 'account', title: t('summary.accountType'), rows: account, edit: editPath?.('account') });
  const stakeholderTitle = Object.values(config.flows).find((f) => f.scope === '/signatoryInfo/*')?.title ?? entryT('journey.3');
  let stakeholdersPlaced = false;
  const placeStakeholders = () => {
    if (stakeholdersPlaced || overview.stakeholders.length === 0) return;
    stakeholdersPlaced = true;
    const g = groupFor(stakeholderTitle);
    g.stakeholders = overview.stakeholders.map((s, i) => ({
      name: s.name,
      cards: s.sections.filter(keep).map((sec) => ({ key: `${i}-${sec.step}`, title: sec.title, rows: sec.rows, edit: sec.flow ? editPath?.(sec.flow, sec.step, { index: s.index, id: s.id, stepNumber: sec.stepNumber ?? 1 }) : undefined })),
    }));
  };
  for (const section of overview.sections.filter(keep)) {
    // The stakeholders come after the company information, as in the journey.
    if (section.flow && section.flow !== 'applicantInfo' && section.flow !== 'companyInfo') placeStakeholders();
    groupFor(section.flowTitle ?? section.title).cards.push({
      key: `${section.flow}-${section.step}`,
      title: section.stepTitle ?? section.title,
      rows: section.rows,
      edit: section.flow ? editPath?.(section.flow, section.step) : undefined,
    });
  }
  placeStakeholders();
  if (documents) {
    const cards = documents.map((g) => ({
      key: `documents-${g.title}`,
      title: g.title,
      rows: g.documents.map((d) => ({
        path: d.documentKey,
        label: d.required === false ? t('summary.optional', { title: d.documentTitle ?? d.documentType ?? t('summary.document') }) : (d.documentTitle ?? d.documentType ?? t('summary.document')),
        value: d.fileName ? `${d.fileName} (${uploadStatusWords(d.uploadStatus, statusWords)})` : uploadStatusWords(d.uploadStatus, statusWords),
      })),
      edit: editPath?.('documents'),
    }));
    if (cards.length) groupFor(t('submit.documents')).cards.push(...cards);
  }

  return (
    <div>
      {groups.map((g) => (
        <section key={g.title} className={styles.group} aria-label={g.title}>
          <Title3 as={GroupHeading}>{g.title}</Title3>
          {g.cards.map((c) => (
            <CardView key={c.key} card={c} level={sub} titled={c.title !== g.title} />
          ))}
          {g.stakeholders?.map((s, i) => (
            <div key={i} className={styles.group} data-stakeholder={s.name}>
              <Body1 as={`h${sub}` as 'h3'} style={{ fontWeight: 600, margin: 0 }}>
                <DataValue value={s.name} />
              </Body1>
              {s.cards.map((c) => (
                <CardView key={c.key} card={c} level={(sub + 1) as 4 | 5} />
              ))}
            </div>
          ))}
        </section>
      ))}
    </div>
  );
}
