import { Badge, Body1, Caption1, makeStyles, MessageBar, MessageBarBody, Spinner, Title3, tokens } from '@fluentui/react-components';
import type { AppConfig } from '../config/useConfig';
import type { AreaT } from '../../i18n/areaT';
import type { AgentMessageId } from '../../i18n/enAgent';
import { useAgentT } from '../../i18n/useAgentT';
import { useFormatDateTime } from './agentIntl';
import { useMessageOf } from './fieldErrors';
import { useAgentGet } from './useAgentData';

/** One check's result as GET agent/prospects/{id}/screening answers it. */
export interface ScreeningResultView {
  screeningType: string;
  screeningStatus: string;
  screeningReason: string;
  screeningFlag: boolean;
  screeningNotes?: string;
  reasonCode?: string;
  reasonNotes?: string;
}

export interface AgentScreeningAnswer {
  screened: boolean;
  at?: string;
  statusOverAll?: string;
  screeningResults?: ScreeningResultView[];
  signatories?: { signatoryId?: string; index: number; name: string; statusOverAll: string; screeningResults: ScreeningResultView[] }[];
}

export const screeningUrl = (id: string) => `/api/agent/prospects/${encodeURIComponent(id)}/screening`;

const useStyles = makeStyles({
  section: { marginTop: '28px' },
  card: { border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, padding: '12px 16px', marginTop: '12px' },
  head: { display: 'flex', alignItems: 'center', gap: '8px', flexWrap: 'wrap', margin: 0 },
  // A list, not a table: each check's words wrap on a 320 px phone.
  list: { listStyleType: 'none', margin: '8px 0 0', padding: 0, display: 'grid', rowGap: '8px' },
  item: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', columnGap: '12px', alignItems: 'start' },
  words: { overflowWrap: 'anywhere', minWidth: 0 },
  notes: { display: 'block', color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere' },
});

const COLORS: Record<string, 'success' | 'danger' | 'warning' | 'informative'> = {
  SUCCESS: 'success',
  WITH_RO: 'informative',
  PENDING: 'warning',
  INELIGIBLE: 'danger',
  DECLINE: 'danger',
};

function Outcome({ status }: { status: string }) {
  const t = useAgentT();
  return (
    <Badge appearance="tint" color={COLORS[status] ?? 'informative'}>
      {t('agent.screening.outcome', { status })}
    </Badge>
  );
}

/** A check in the page's language: its label of lists/screeningCheck.json ("PEP Check" → "PEP check"), else its code. */
export function screeningCheckWords(config: AppConfig, screeningType: string): string {
  return config.lists.screeningCheck?.options.find((o) => o.value === screeningType)?.label ?? screeningType;
}

/** "RSNLP (Local PEP)": the code with its label of lists/screeningReasonCode.json. */
export function reasonCodeWords(config: AppConfig, code: string): string {
  const label = config.lists.screeningReasonCode?.options.find((o) => o.value === code)?.label;
  return label ? `${code} (${label})` : code;
}

function Results({ config, results, label, t }: { config: AppConfig; results: ScreeningResultView[]; label: string; t: AreaT<AgentMessageId> }) {
  const styles = useStyles();
  // Matches first: what an agent has to act on.
  const sorted = [...results].sort((a, b) => Number(b.screeningFlag) - Number(a.screeningFlag));
  return (
    <ul className={styles.list} aria-label={label}>
      {sorted.map((r) => (
        <li key={r.screeningType} className={styles.item}>
          <span className={styles.words}>
            <Body1>{screeningCheckWords(config, r.screeningType)}</Body1>
            {r.reasonCode && <Caption1 className={styles.notes}>{t('agent.screening.reasonCode', { code: reasonCodeWords(config, r.reasonCode) })}</Caption1>}
            {r.screeningNotes && (
              <Caption1 className={styles.notes} dir="auto">
                {r.screeningNotes}
              </Caption1>
            )}
            {r.reasonNotes && (
              <Caption1 className={styles.notes} dir="auto">
                {r.reasonNotes}
              </Caption1>
            )}
          </span>
          <Outcome status={r.screeningStatus} />
        </li>
      ))}
    </ul>
  );
}

/** The agent's view of an application's latest screening: the company's checks and each signatory's own, with reason codes and notes. */
export function ScreeningSection({ config, id }: { config: AppConfig; id: string }) {
  const styles = useStyles();
  const t = useAgentT();
  const messageOf = useMessageOf();
  const dateTime = useFormatDateTime();
  const screening = useAgentGet<AgentScreeningAnswer>(screeningUrl(id));
  const data = screening.data;
  return (
    <section className={styles.section} aria-labelledby="screening-title">
      <Title3 as="h2" id="screening-title">
        {t('agent.screening.title')}
      </Title3>
      {screening.loading && <Spinner size="small" label={t('agent.screening.loading')} />}
      {!!screening.error && (
        <MessageBar intent="error">
          <MessageBarBody>{messageOf(screening.error)}</MessageBarBody>
        </MessageBar>
      )}
      {data && !data.screened && <Body1 block>{t('agent.screening.notYet')}</Body1>}
      {data?.screened && (
        <>
          <div className={styles.card}>
            <Body1 as="h3" className={styles.head} style={{ fontWeight: 600 }}>
              {t('agent.company')} <Outcome status={data.statusOverAll ?? ''} />
            </Body1>
            {data.at && <Caption1 block>{t('agent.screening.at', { date: dateTime(data.at) })}</Caption1>}
            <Results config={config} t={t} results={data.screeningResults ?? []} label={t('agent.screening.company')} />
          </div>
          {(data.signatories ?? []).map((s) => (
            <div key={s.signatoryId ?? `#${s.index}`} className={styles.card} data-signatory={s.index}>
              <Body1 as="h3" className={styles.head} style={{ fontWeight: 600 }}>
                {s.name ? <bdi>{s.name}</bdi> : t('agent.stakeholderNumber', { number: s.index + 1 })} <Outcome status={s.statusOverAll} />
              </Body1>
              <Results config={config} t={t} results={s.screeningResults} label={t('agent.screening.of', { name: s.name || t('agent.stakeholderNumber', { number: s.index + 1 }) })} />
            </div>
          ))}
        </>
      )}
    </section>
  );
}
