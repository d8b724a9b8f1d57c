import { Body1, Button, makeStyles, MessageBar, MessageBarBody, MessageBarTitle, Spinner, Text, Title3, tokens, typographyStyles } from '@fluentui/react-components';
import { useContext, useEffect, useMemo, useRef } from 'react';
import { IntlContext } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { labelOf, type Lifecycle, moveReasonWords, reasonWords } from '../../../content/lifecycle';
import { formatIban } from '../../../shared/iban';
import { Shell } from '../../components/Shell';
import { useApplication } from '../application';
import { useConfig } from '../config/useConfig';
import { readProducts } from '../products/productsConfig';
import { ApplicationNotice } from './ApplicationNotice';
import { RequestedDocuments } from './RequestedDocuments';
import { usePageT } from '../../i18n/usePageT';
import { useApplicationStatus } from './useApplicationStatus';

const useStyles = makeStyles({
  heading: { ...typographyStyles.title2, margin: 0, outlineStyle: 'none' },
  box: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '640px' },
  accounts: { display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalS, margin: 0 },
  iban: { fontFamily: tokens.fontFamilyMonospace, margin: 0, overflowWrap: 'anywhere' },
  timeline: { margin: 0, paddingLeft: '20px', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  /** A person's words (the bank's note): a block of its own direction, long words broken at 320 px. */
  freeText: { display: 'block', overflowWrap: 'anywhere', whiteSpace: 'pre-line' },
});

/** A move's time in the page's language on the bank's calendar (Asia/Dubai), Western digits as the bank prints them. */
const timeFormat = (locale: string) => new Intl.DateTimeFormat(locale === 'ar' ? 'ar-AE-u-nu-latn' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Dubai' });

/**
 * /business/ApplicationStatus: where a submitted application stands (schemas/lifecycle.json): what the bank is
 * doing, what it needs from the applicant (the documents it asked for, with what is already in), the account
 * numbers once the accounts are open, and the timeline of moves. My Applications' 'Check status' opens it.
 */
export default function ApplicationStatusPage() {
  const styles = useStyles();
  const t = usePageT();
  const locale = useContext(IntlContext)?.locale ?? 'en';
  const when = useMemo(() => timeFormat(locale), [locale]);
  const app = useApplication();
  const navigate = useNavigate();
  const { data: config } = useConfig();
  const heading = useRef<HTMLHeadingElement>(null);
  const id = app.prospectId;
  const { prospect, info, missing, documentsKnown } = useApplicationStatus(id);
  const { data, error, isLoading } = prospect;
  const lifecycle = (config?.lifecycle ?? undefined) as Lifecycle | undefined;
  useEffect(() => heading.current?.focus(), [data?.status]);

  const state = data && lifecycle ? lifecycle.states[data.status] : undefined;
  const products = readProducts(config?.products);
  const accountType = (data?.prospect.applicationInfo as { accountType?: string } | undefined)?.accountType;
  const product = products.accounts.find((p) => p.id === accountType);
  const accounts = (data?.accountInfo ?? []).flatMap((a) => a.accountNumbers ?? []);
  // The reason by its code, in the page's language (the config's lifecycle is the page language's).
  const reason = reasonWords(lifecycle, info);

  return (
    <Shell title={t('status.shellTitle')} showSteps={false}>
      <div className={styles.box}>
        <ApplicationNotice />
        {(isLoading || !config) && <Spinner label={t('status.loading')} />}
        {!!error && (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>{(error as Error).message || t('status.loadFailed')}</MessageBarBody>
          </MessageBar>
        )}
        {data && lifecycle && (
          <>
            <Text>
              {t('status.application', { id: data.prospectId })}
              {product ? ` · ${product.name}${(data.prospect.applicationInfo as { islamicBanking?: boolean } | undefined)?.islamicBanking ? t('status.islamic') : ''}` : ''}
            </Text>
            <h1 ref={heading} tabIndex={-1} className={styles.heading} data-status={data.status}>
              {state?.applicant.title ?? labelOf(lifecycle, data.status)}
            </h1>
            <Body1 as="p" style={{ margin: 0 }}>
              {t('status.statusLabel')} <strong>{labelOf(lifecycle, data.status)}</strong>
            </Body1>
            <Body1 as="p" style={{ margin: 0 }}>
              {state?.applicant.message}
            </Body1>
            {reason && (
              <MessageBar intent="warning">
                <MessageBarBody>
                  <MessageBarTitle>{t('status.reason')}</MessageBarTitle>
                  <span dir="auto" className={styles.freeText} data-testid="status-reason">
                    {reason}
                  </span>
                </MessageBarBody>
              </MessageBar>
            )}
            {info.message && (
              <MessageBar intent="info">
                <MessageBarBody>
                  <MessageBarTitle>{t('reupload.bankMessage')}</MessageBarTitle>
                  {/* Typed by a person, in any language: isolated, so an English note keeps its punctuation in its place on an Arabic page. */}
                  <span dir="auto" className={styles.freeText} data-testid="bank-note">
                    {info.message}
                  </span>
                </MessageBarBody>
              </MessageBar>
            )}

            {state?.awaitsDocuments && documentsKnown && (info.requestedDocuments?.length ?? 0) > 0 && (
              <section aria-labelledby="needed-title">
                <Title3 as="h2" id="needed-title">
                  {t('status.needed')}
                </Title3>
                <RequestedDocuments requested={info.requestedDocuments!} missing={missing} />
              </section>
            )}

            {accounts.length > 0 && (
              <section aria-labelledby="accounts-title">
                <Title3 as="h2" id="accounts-title">
                  {t('status.accounts')}
                </Title3>
                <dl className={styles.accounts} aria-label={t('status.accountNumbers')}>
                  {accounts.map((a) => (
                    <div key={a.accountNo} style={{ display: 'contents' }}>
                      <dt>{a.currency}</dt>
                      <dd className={styles.iban} data-iban={a.accountNo}>
                        <bdi dir="ltr">{formatIban(a.accountNo)}</bdi>
                      </dd>
                    </div>
                  ))}
                </dl>
              </section>
            )}

            {(info.history?.length ?? 0) > 0 && (
              <section aria-labelledby="timeline-title">
                <Title3 as="h2" id="timeline-title">
                  {t('status.timeline')}
                </Title3>
                <ol className={styles.timeline} aria-label={t('status.timeline')}>
                  {info.history!.map((h, i) => {
                    const why = moveReasonWords(lifecycle, info, h.reason);
                    return (
                    <li key={i}>
                      <Text weight="semibold">{labelOf(lifecycle, h.to)}</Text> ·{' '}
                      {/* Isolated: the date's digits, slashes and time keep their order beside the Arabic words. */}
                      <bdi>
                        <time dateTime={h.at}>{when.format(new Date(h.at))}</time>
                      </bdi>{' '}
                      · {t(h.by === 'applicant' ? 'status.byYou' : 'status.byBank')}
                      {why ? (
                        <>
                          {' · '}
                          <bdi>{why}</bdi>
                        </>
                      ) : null}
                      {h.note && h.by !== 'system' ? (
                        <Body1 block dir="auto" className={styles.freeText}>
                          {h.note}
                        </Body1>
                      ) : null}
                    </li>
                    );
                  })}
                </ol>
              </section>
            )}

            <div className={styles.buttons}>
              <Button appearance="secondary" onClick={() => navigate('/business/MyApplications')}>
                {t('status.myApplications')}
              </Button>
              {state?.awaitsDocuments && missing.size > 0 && (
                <Button appearance="primary" onClick={() => navigate('/business/ReUploadDocuments')}>
                  {t('status.upload')}
                </Button>
              )}
            </div>
          </>
        )}
      </div>
    </Shell>
  );
}
