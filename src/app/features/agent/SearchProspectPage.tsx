import {
  Body1,
  Button,
  Caption1,
  makeStyles,
  mergeClasses,
  MessageBar,
  MessageBarBody,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Title2,
  Title3,
  tokens,
} from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAtom } from '../../lib/jotai';
import type { AppConfig } from '../config/useConfig';
import { StepForm } from '../forms/StepForm';
import { useStepValidator } from '../forms/stepValidator';
import { useApi } from '../session/session';
import { useAgentT } from '../../i18n/useAgentT';
import type { AgentMessageId } from '../../i18n/enAgent';
import { declineReasonLabel, labelOf } from '../../../content/lifecycle';
import { AgentLayout, WithAgentConfig } from './AgentLayout';
import { accountNameOf, useAgentLocale, useFormatDateTime } from './agentIntl';
import { extraErrorsOf, fieldErrorsOf, useMessageOf } from './fieldErrors';
import { agentSearchAtom, initialSearch, searchCriteria, type SearchAnswer, type SearchState, type SortKey } from './searchState';

/** The page's step: its validators are that step's module. */
const AGENT_SEARCH_STEP = ['agentSearch'] as const;

const useStyles = makeStyles({
  results: { marginTop: '32px' },
  // Sortable column headers are buttons: 44 px tall tap targets on phones.
  sortHeader: { '@media (max-width: 499px)': { '& .fui-TableHeaderCell__button': { minHeight: '44px', minWidth: '44px' } } },
  // Six columns need room: from 500 px the table keeps a readable width (scrolling sideways inside its frame when
  // narrower than 640 px). Fluent's Table lays out fixed (six equal columns): 'auto' sizes each column to its
  // content, so a prospect id never runs into the company column. On a phone each application is a card instead:
  // its cells one under the other, each after its column's name (data-label); the header keeps the sort buttons.
  table: {
    minWidth: '640px',
    tableLayout: 'auto',
    '@media (max-width: 499px)': {
      minWidth: 0,
      display: 'block',
      '& thead, & tbody': { display: 'block' },
      '& thead tr': { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalS, height: 'auto' },
      '& tbody tr': { display: 'block', height: 'auto', paddingBlock: tokens.spacingVerticalS },
      '& td': { display: 'grid', gridTemplateColumns: 'minmax(0, 8em) minmax(0, 1fr)', columnGap: tokens.spacingHorizontalS, height: 'auto', paddingBlock: tokens.spacingVerticalXXS, overflowWrap: 'anywhere' },
      '& td::before': { content: 'attr(data-label)', fontWeight: tokens.fontWeightSemibold },
      '& td > *': { gridColumn: 2 },
      // The application's link is a tap target of its own on a card (in the table it sits in a line of text).
      '& td > a': { display: 'flex', alignItems: 'center', minHeight: '44px', justifySelf: 'start' },
    },
  },
  // A column without sorting says nothing in a card's header (each card names its cells).
  plainHeader: { '@media (max-width: 499px)': { display: 'none' } },
  scroller: { maxHeight: '740px', overflowY: 'auto', border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium },
  pager: { display: 'flex', alignItems: 'center', gap: '12px', marginTop: '12px', flexWrap: 'wrap' },
  actions: { display: 'flex', gap: '12px', marginTop: '24px', flexWrap: 'wrap' },
});

const COLUMNS: { key: string; label: AgentMessageId; sort?: SortKey }[] = [
  { key: 'prospectId', label: 'agent.search.prospectId', sort: 'prospectId' },
  { key: 'companyName', label: 'agent.company', sort: 'companyName' },
  { key: 'applicantName', label: 'agent.search.applicant' },
  { key: 'account', label: 'agent.account' },
  { key: 'status', label: 'agent.status', sort: 'status' },
  { key: 'lastModified', label: 'agent.search.lastChange', sort: 'updatedAt' },
];

function SearchForm({ config }: { config: AppConfig }) {
  const styles = useStyles();
  const api = useApi();
  const t = useAgentT();
  /** A column's name, which a result card shows before its cell on a phone. */
  const label = (key: string) => t(COLUMNS.find((c) => c.key === key)!.label);
  const messageOf = useMessageOf();
  const dateTime = useFormatDateTime();
  // Previous / Next point the way the page reads: mirrored right to left.
  const rtl = useAgentLocale() === 'ar';
  const validator = useStepValidator(config, AGENT_SEARCH_STEP);
  const [state, setState] = useAtom(agentSearchAtom);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>();
  const resultsRef = useRef<HTMLDivElement>(null);
  const step = config.steps[AGENT_SEARCH_STEP[0]];
  if (!step) throw new Error('The configuration has no agentSearch step');

  /** Runs the search; a failure empties the results (spec 001 §7). */
  const run = async (next: Pick<SearchState, 'page' | 'sort' | 'order'> & { criteria: Record<string, unknown> }) => {
    setBusy(true);
    setFailure(null);
    setFieldErrors(undefined);
    const submitted = searchCriteria(next.criteria);
    try {
      const res = await api<SearchAnswer>('/api/products/stp-accounts/prospects/search', {
        method: 'POST',
        body: { ...submitted, page: next.page, pageSize: state.pageSize, sort: next.sort, order: next.order },
      });
      setState((s) => ({ ...s, ...next, submitted, answer: res.body ?? null }));
      requestAnimationFrame(() => resultsRef.current?.focus());
    } catch (error) {
      setState((s) => ({ ...s, ...next, submitted: null, answer: null }));
      const fields = fieldErrorsOf(error, 'searchInfo', 'body');
      // The form's own error (no criterion) in the page's language.
      if (fields?.['']) fields[''] = [messageOf(error)];
      if (fields) setFieldErrors(fields);
      else setFailure(error);
    } finally {
      setBusy(false);
    }
  };

  const answer = state.answer;
  const pages = answer ? Math.max(1, Math.ceil(answer.total / answer.pageSize)) : 1;
  const sortBy = (key: SortKey) => {
    if (!state.submitted) return;
    const order = state.sort === key && state.order === 'asc' ? 'desc' : 'asc';
    void run({ criteria: state.submitted, page: 1, sort: key, order });
  };

  return (
    <>
      <StepForm
        id="agent-search"
        step={step}
        formData={state.criteria}
        validator={validator}
        formContext={{ lists: config.lists }}
        extraErrors={extraErrorsOf(fieldErrors)}
        onChange={(criteria) => setState((s) => ({ ...s, criteria: criteria as Record<string, unknown> }))}
        onSubmit={(criteria) => void run({ criteria: criteria as Record<string, unknown>, page: 1, sort: state.sort, order: state.order })}
      >
        <div className={styles.actions}>
          <Button appearance="primary" type="submit" disabled={busy}>
            {t('agent.search.submit')}
          </Button>
          <Button
            disabled={busy}
            onClick={() => {
              setState(initialSearch);
              setFailure(null);
              setFieldErrors(undefined);
            }}
          >
            {t('agent.search.clear')}
          </Button>
        </div>
      </StepForm>

      <section className={styles.results} aria-labelledby="search-results-title" aria-busy={busy}>
        {busy && <Spinner size="small" label={t('agent.search.busy')} />}
        {!!failure && (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>{messageOf(failure)}</MessageBarBody>
          </MessageBar>
        )}
        {answer && (
          <>
            <div ref={resultsRef} tabIndex={-1}>
              <Title3 as="h2" id="search-results-title">
                {t('agent.search.found', { count: answer.total })}
              </Title3>
            </div>
            {answer.total === 0 ? (
              <Body1 block>{t('agent.search.noneHint')}</Body1>
            ) : (
              <>
                <div className={styles.scroller} tabIndex={0} role="region" aria-labelledby="search-results-title">
                  <Table aria-label={t('agent.search.table')} sortable className={styles.table}>
                    <TableHeader>
                      <TableRow>
                        {COLUMNS.map((c) =>
                          c.sort ? (
                            <TableHeaderCell
                              key={c.key}
                              className={styles.sortHeader}
                              sortDirection={state.sort === c.sort ? (state.order === 'asc' ? 'ascending' : 'descending') : undefined}
                              onClick={() => sortBy(c.sort!)}
                            >
                              {t(c.label)}
                            </TableHeaderCell>
                          ) : (
                            <TableHeaderCell key={c.key} className={mergeClasses(styles.sortHeader, styles.plainHeader)}>
                              {t(c.label)}
                            </TableHeaderCell>
                          ),
                        )}
                      </TableRow>
                    </TableHeader>
                    <TableBody>
                      {answer.searchResult.map((r) => (
                        <TableRow key={r.prospectId}>
                          <TableCell data-label={label('prospectId')}>
                            <Link to={`/agent/SearchedAppInfo/${encodeURIComponent(r.prospectId)}`}>{r.prospectId}</Link>
                            {r.applicationInfo?.viewId && <Caption1 block>{r.applicationInfo.viewId}</Caption1>}
                          </TableCell>
                          {/* A name reads in its own direction; the cell keeps the page's (its card's label stays at the start). */}
                          <TableCell data-label={label('companyName')}>
                            <span dir="auto">{r.companyName || '—'}</span>
                          </TableCell>
                          <TableCell data-label={label('applicantName')}>
                            <span dir="auto">{r.applicantName || '—'}</span>
                          </TableCell>
                          <TableCell data-label={label('account')}>{accountNameOf(config, t, r.applicationInfo?.accountType, r.applicationInfo?.islamicBanking) || r.applicationInfo?.accountName || '—'}</TableCell>
                          <TableCell data-label={label('status')}>
                            {(r.status.statusCode ? labelOf(config.lifecycle, r.status.statusCode) : r.status.statusNotes) || '—'}
                            {/* A code in the page's language; older rows' English words as kept. */}
                            {r.status.statusReason && <Caption1 block>{declineReasonLabel(config.lifecycle, r.status.statusReason)}</Caption1>}
                          </TableCell>
                          <TableCell data-label={label('lastModified')}>{dateTime(r.lastModified)}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </div>
                <nav className={styles.pager} aria-label={t('agent.search.pages')}>
                  <Button
                    icon={rtl ? <ChevronRightRegular /> : <ChevronLeftRegular />}
                    disabled={busy || answer.page <= 1}
                    onClick={() => void run({ criteria: state.submitted ?? {}, page: answer.page - 1, sort: state.sort, order: state.order })}
                  >
                    {t('agent.search.previous')}
                  </Button>
                  <Caption1 aria-live="polite">{t('agent.search.pageOf', { page: answer.page, pages })}</Caption1>
                  <Button
                    icon={rtl ? <ChevronLeftRegular /> : <ChevronRightRegular />}
                    iconPosition="after"
                    disabled={busy || answer.page >= pages}
                    onClick={() => void run({ criteria: state.submitted ?? {}, page: answer.page + 1, sort: state.sort, order: state.order })}
                  >
                    {t('agent.search.next')}
                  </Button>
                </nav>
              </>
            )}
          </>
        )}
      </section>
    </>
  );
}

/** /agent/SearchProspect: search applications by any identifier (step agentSearch), results paged and sorted by the server. */
export default function SearchProspectPage() {
  const t = useAgentT();
  return (
    <AgentLayout panel="search" active={1}>
      <Title2 as="h1">{t('agent.search.title')}</Title2>
      <Body1 block style={{ marginBottom: 16 }}>
        {t.rich('agent.search.intro', { link: (chunks) => <Link to="/agent/InviteCustomer">{chunks}</Link> })}
      </Body1>
      <WithAgentConfig>{(config) => <SearchForm config={config} />}</WithAgentConfig>
    </AgentLayout>
  );
}
