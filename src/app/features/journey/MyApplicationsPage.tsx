import {
  Badge,
  Body1,
  Button,
  Card,
  CardHeader,
  Link,
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
  Title2,
  Title3,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import useSWR from 'swr';
import { Shell } from '../../components/Shell';
import { readCompletedSteps, useApplication, type Prospect } from '../application';
import { useConfig } from '../config/useConfig';
import { useApi } from '../session/session';
import { isSubmittedStatus, labelOf } from '../../../content/lifecycle';
import { readProducts } from '../products/productsConfig';
import { resumePath } from './journeySteps';
import { useFormatDate } from '../../i18n/useFormatDate';
import { useT } from '../../i18n/useT';
import { usePageT } from '../../i18n/usePageT';

/** The badge's colour by status: done, refused, asking the applicant, else neutral. */
const BADGE: Record<string, 'success' | 'danger' | 'warning' | 'informative'> = {
  ACCOUNT_OPENED: 'success',
  APPROVED: 'success',
  DECLINED: 'danger',
  DOCUMENTS_NEEDED: 'warning',
  NEED_ADDITIONAL_INFO: 'warning',
};

interface Summary {
  prospectId: string;
  companyName: string | null;
  applicantName: string | null;
  status: string;
  updatedAt: string;
  accountType: string | null;
}

const useStyles = makeStyles({
  // Fluent's Title and Body are inline: as blocks they stand on their own lines, with room below.
  heading: { display: 'block', margin: `0 0 ${tokens.spacingVerticalL}` },
  empty: { display: 'block', margin: 0 },
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, marginTop: tokens.spacingVerticalL, padding: 0, listStyleType: 'none' },
  meta: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', alignItems: 'center' },
});

export const STATUS_PATH = '/business/ApplicationStatus';

/**
 * /business/MyApplications: the signed-in applicant's applications ('Your applications, at a glance'). Continue
 * opens one and lands on its first incomplete step; 'Check status' opens a submitted one's status page
 * (/business/ApplicationStatus). Each shows its account type and status in words (schemas/lifecycle.json).
 */
export default function MyApplicationsPage() {
  const styles = useStyles();
  const t = useT();
  const pt = usePageT();
  const formatDate = useFormatDate();
  const api = useApi();
  const app = useApplication();
  const navigate = useNavigate();
  const { data: config } = useConfig();
  const { data, error, isLoading } = useSWR('/api/usertypes/sme/prospects', async (url: string) => (await api<{ applications: Summary[] }>(url)).body!.applications);
  const [opening, setOpening] = useState<string>();
  const [openError, setOpenError] = useState<string>();
  const lifecycle = config?.lifecycle ?? undefined;
  const products = readProducts(config?.products);
  const accountName = (s: Summary) => products.accounts.find((p) => p.id === s.accountType)?.name ?? null;

  const open = async (s: Summary) => {
    if (!config) return;
    setOpening(s.prospectId);
    setOpenError(undefined);
    try {
      const res = await api<{ prospectId: string; version: number; status?: string; prospect: Prospect }>(
        `/api/usertypes/sme/prospects/${encodeURIComponent(s.prospectId)}`,
      );
      const answer = res.body!;
      // Unsent edits of this application in this tab are kept (open() sends them); another one replaces it.
      if (app.prospectId === answer.prospectId && app.dirty) await app.open(answer.prospectId);
      else await app.open(answer.prospectId, answer);
      if (isSubmittedStatus(answer.status, lifecycle)) navigate(STATUS_PATH);
      else navigate(resumePath(config.flows, answer.prospect, readCompletedSteps(answer.prospect)));
    } catch (e) {
      setOpenError((e as Error).message || pt('myApps.openFailed'));
    } finally {
      setOpening(undefined);
    }
  };

  return (
    <Shell title={t('panel.myApplications')}>
      <Title2 as="h1" className={styles.heading}>
        {pt('myApps.title')}
      </Title2>
      {(error || openError) && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{openError ?? (error as Error).message}</MessageBarBody>
        </MessageBar>
      )}
      {isLoading && <Spinner label={pt('myApps.loading')} />}
      {data && data.length === 0 && (
        <Body1 as="p" className={styles.empty}>
          {pt('myApps.none')}{' '}
          <Link
            href="/business/accounts"
            onClick={(event) => {
              event.preventDefault();
              navigate('/business/accounts');
            }}
          >
            {pt('myApps.choose')}
          </Link>
          .
        </Body1>
      )}
      {data && data.length > 0 && (
        <ul className={styles.list} aria-label={pt('myApps.list')}>
          {data.map((s) => (
            <li key={s.prospectId}>
              <Card>
                <CardHeader
                  header={
                    <Title3 as="h2" dir={s.companyName ? 'auto' : undefined}>
                      {s.companyName || pt('myApps.noCompany')}
                    </Title3>
                  }
                  description={
                    <div className={styles.meta}>
                      <Text>{pt('myApps.application', { id: s.prospectId })}</Text>
                      {accountName(s) && <Text>{accountName(s)}</Text>}
                      <Badge appearance="tint" color={BADGE[s.status] ?? 'informative'}>
                        {labelOf(lifecycle, s.status)}
                      </Badge>
                      <Text>{pt('myApps.updated', { date: formatDate(s.updatedAt) })}</Text>
                    </div>
                  }
                  action={
                    <Button
                      appearance="primary"
                      disabled={!!opening || !config}
                      aria-label={pt(isSubmittedStatus(s.status, lifecycle) ? 'myApps.checkStatusOf' : 'myApps.continueOf', { id: s.prospectId })}
                      onClick={() => void open(s)}
                    >
                      {opening === s.prospectId ? <Spinner size="tiny" /> : isSubmittedStatus(s.status, lifecycle) ? pt('myApps.checkStatus') : t('common.continue')}
                    </Button>
                  }
                />
              </Card>
            </li>
          ))}
        </ul>
      )}
    </Shell>
  );
}
