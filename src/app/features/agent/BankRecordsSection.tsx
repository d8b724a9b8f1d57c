import { Body1, Button, makeStyles, MessageBar, MessageBarBody, Spinner, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Title3, tokens } from '@fluentui/react-components';
import { CheckmarkCircleRegular, DismissCircleRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useFormatDate } from '../../i18n/useFormatDate';
import { useAgentT } from '../../i18n/useAgentT';
import type { AgentMessageId } from '../../i18n/enAgent';
import { useApi } from '../session/session';
import { documentGroups } from './documents';
import type { AppConfig } from '../config/useConfig';
import { useMessageOf } from './fieldErrors';
import { screeningCheckWords } from './ScreeningSection';
import { documentsUrl, useAgentGet } from './useAgentData';

/** GET/PUT agent/prospects/{id}/bank-records and PUT …/documents/{key}/verification (docs/bank-format.md "Bank records"). */
export interface BankRecordsAnswer {
  records: {
    generalInfo?: Record<string, string | number>;
    applicationInfo?: Record<string, string>;
    prospectStatusInfo?: Record<string, string>;
    screeningResults?: { signatoryId?: string; screeningType: string; reasonStatus: string }[];
  };
  updatedBy?: string;
  updatedByName?: string;
  updatedAt?: string;
  documents: { documentKey: string; verified: boolean; verifiedBy?: string; verifiedByName?: string; verifiedAt?: string; avsCheck?: boolean; avsCheckDt?: string }[];
}

export const bankRecordsUrl = (id: string) => `/api/agent/prospects/${encodeURIComponent(id)}/bank-records`;

/** The bank's fields, in the order an agent reads them; each labelled by `bankRecords.<field>`. */
const FIELDS = [
  ['generalInfo', 'cifId'],
  ['generalInfo', 'accountManagerId'],
  ['generalInfo', 'groupId'],
  ['generalInfo', 'groupName'],
  ['generalInfo', 'dsaId'],
  ['applicationInfo', 'riskScore'],
  ['applicationInfo', 'srNumber'],
  ['prospectStatusInfo', 'statusType'],
  ['prospectStatusInfo', 'statusFlag'],
  ['prospectStatusInfo', 'reasonCode'],
  ['prospectStatusInfo', 'reasonStatus'],
] as const;

const useStyles = makeStyles({
  section: { marginTop: '28px' },
  card: { border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, padding: '12px 16px', marginTop: '12px' },
  list: { display: 'grid', gridTemplateColumns: 'minmax(160px, 40%) 1fr', columnGap: '16px', rowGap: '6px', margin: '8px 0 0' },
  term: { color: tokens.colorNeutralForeground2 },
  value: { margin: 0, overflowWrap: 'anywhere' },
  cell: { overflowWrap: 'anywhere' },
  table: { tableLayout: 'auto' },
});

/**
 * The agent's application page: what the bank's systems recorded about the application (read only: written by the
 * bank's integration through PUT bank-records) and each document's verification, which an agent sets here.
 */
export function BankRecordsSection({ config, id, onChanged }: { config: AppConfig; id: string; onChanged?: () => void }) {
  const styles = useStyles();
  const t = useAgentT();
  const messageOf = useMessageOf();
  const formatDate = useFormatDate();
  const api = useApi();
  const answer = useAgentGet<BankRecordsAnswer>(bankRecordsUrl(id));
  const docs = useAgentGet<unknown>(documentsUrl(id));
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const data = answer.data;
  const titles = new Map(documentGroups(docs.data).flatMap((g) => g.documents.map((d) => [d.documentKey, d.documentTitle ?? d.documentKey] as const)));

  const rows = FIELDS.flatMap(([section, field]) => {
    const value = data?.records[section]?.[field];
    return value === undefined ? [] : [[t(`agent.bankRecords.${field}` as AgentMessageId), String(value)] as const];
  });
  const reasons = data?.records.screeningResults ?? [];

  const setVerified = async (documentKey: string, verified: boolean) => {
    setBusy(documentKey);
    setFailure(null);
    try {
      await api(`${bankRecordsUrl(id).replace(/\/bank-records$/, '')}/documents/${encodeURIComponent(documentKey)}/verification`, { method: 'PUT', body: { verified } });
      answer.reload();
      onChanged?.();
    } catch (error) {
      setFailure(`${t('agent.bankRecords.saveFailed')}: ${messageOf(error)}`);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className={styles.section} aria-labelledby="bank-records-title" data-testid="bank-records">
      <Title3 as="h2" id="bank-records-title">
        {t('agent.bankRecords.title')}
      </Title3>
      <Body1 block>{t('agent.bankRecords.intro')}</Body1>
      {answer.loading && !data && <Spinner size="small" label={t('agent.bankRecords.loading')} />}
      {!!answer.error && (
        <MessageBar intent="error">
          <MessageBarBody>{messageOf(answer.error)}</MessageBarBody>
        </MessageBar>
      )}
      {data && (
        <>
          <div className={styles.card}>
            {rows.length || reasons.length ? (
              <dl className={styles.list}>
                {rows.map(([term, value]) => (
                  <div key={term} style={{ display: 'contents' }}>
                    <dt className={styles.term}>{term}</dt>
                    <dd className={styles.value}>{value}</dd>
                  </div>
                ))}
                {reasons.length > 0 && (
                  <>
                    <dt className={styles.term}>{t('agent.bankRecords.screening')}</dt>
                    <dd className={styles.value}>
                      {reasons.map((r) => (
                        <div key={`${r.signatoryId ?? ''}|${r.screeningType}`}>
                          {r.signatoryId
                            ? t('agent.bankRecords.screeningStakeholder', { check: screeningCheckWords(config, r.screeningType), stakeholder: r.signatoryId, status: r.reasonStatus })
                            : t('agent.bankRecords.screeningCompany', { check: screeningCheckWords(config, r.screeningType), status: r.reasonStatus })}
                        </div>
                      ))}
                    </dd>
                  </>
                )}
              </dl>
            ) : (
              <Body1 block>{t('agent.bankRecords.none')}</Body1>
            )}
            {data.updatedBy && data.updatedAt && <Body1 block style={{ marginTop: 8 }}>{t('agent.bankRecords.updated', { actor: data.updatedByName ?? data.updatedBy, date: formatDate(data.updatedAt) })}</Body1>}
          </div>

          <div className={styles.card}>
            <Body1 as="h3" style={{ fontWeight: 600, margin: 0 }}>
              {t('agent.bankRecords.documents')}
            </Body1>
            {failure && (
              <MessageBar intent="error" role="alert">
                <MessageBarBody>{failure}</MessageBarBody>
              </MessageBar>
            )}
            {data.documents.length === 0 ? (
              <Body1 block>{t('agent.bankRecords.noDocuments')}</Body1>
            ) : (
              <Table size="small" aria-label={t('agent.bankRecords.documents')} className={styles.table}>
                <TableHeader>
                  <TableRow>
                    <TableHeaderCell>{t('agent.bankRecords.document')}</TableHeaderCell>
                    <TableHeaderCell>{t('agent.bankRecords.verification')}</TableHeaderCell>
                    <TableHeaderCell>{t('agent.bankRecords.virusCheck')}</TableHeaderCell>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {data.documents.map((d) => {
                    const name = titles.get(d.documentKey) ?? d.documentKey;
                    return (
                      <TableRow key={d.documentKey} data-document={d.documentKey}>
                        <TableCell className={styles.cell}>{name}</TableCell>
                        <TableCell className={styles.cell}>
                          <div>{d.verified && d.verifiedBy && d.verifiedAt ? t('agent.bankRecords.verified', { actor: d.verifiedByName ?? d.verifiedBy, date: formatDate(d.verifiedAt) }) : t('agent.bankRecords.notVerified')}</div>
                          <Button
                            size="small"
                            appearance={d.verified ? 'subtle' : 'secondary'}
                            icon={d.verified ? <DismissCircleRegular /> : <CheckmarkCircleRegular />}
                            disabled={busy !== null}
                            aria-label={d.verified ? t('agent.bankRecords.unverifyNamed', { name }) : t('agent.bankRecords.verifyNamed', { name })}
                            onClick={() => void setVerified(d.documentKey, !d.verified)}
                          >
                            {d.verified ? t('agent.bankRecords.unverify') : t('agent.bankRecords.verify')}
                          </Button>
                        </TableCell>
                        <TableCell className={styles.cell}>
                          {d.avsCheck === undefined || !d.avsCheckDt ? t('agent.bankRecords.notChecked') : t(d.avsCheck ? 'agent.bankRecords.clean' : 'agent.bankRecords.failed', { date: formatDate(d.avsCheckDt) })}
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            )}
          </div>
        </>
      )}
    </section>
  );
}
