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
import { resumePath } from './journeySteps';

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

const STATUS_TEXT: Record<string, string> = {
  DRAFT: 'In progress',
  IN_PROGRESS: 'In progress',
  SUBMITTED: 'Submitted',
};

/**
 * /business/MyApplications: the signed-in applicant's applications ('Your applications, at a glance'). Continue
 * opens one and lands on its first incomplete step; a submitted one opens its status page.
 */
export default function MyApplicationsPage() {
  const styles = useStyles();
  const api = useApi();
  const app = useApplication();
  const navigate = useNavigate();
  const { data: config } = useConfig();
  const { data, error, isLoading } = useSWR('/api/usertypes/sme/prospects', async (url: string) => (await api<{ applications: Summary[] }>(url)).body!.applications);
  const [opening, setOpening] = useState<string>();
  const [openError, setOpenError] = useState<string>();

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
      if (answer.status === 'SUBMITTED') navigate('/business/ApplicationSubmitted');
      else navigate(resumePath(config.flows, answer.prospect, readCompletedSteps(answer.prospect)));
    } catch (e) {
      setOpenError((e as Error).message || 'The application could not be opened.');
    } finally {
      setOpening(undefined);
    }
  };

  return (
    <Shell title="Your applications, at a glance">
      <Title2 as="h1" className={styles.heading}>
        Your applications
      </Title2>
      {(error || openError) && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{openError ?? (error as Error).message}</MessageBarBody>
        </MessageBar>
      )}
      {isLoading && <Spinner label="Loading your applications" />}
      {data && data.length === 0 && (
        <Body1 as="p" className={styles.empty}>
          You have no applications yet.{' '}
          <Link
            href="/business/accounts"
            onClick={(event) => {
              event.preventDefault();
              navigate('/business/accounts');
            }}
          >
            Choose an account to apply for
          </Link>
          .
        </Body1>
      )}
      {data && data.length > 0 && (
        <ul className={styles.list} aria-label="Applications">
          {data.map((s) => (
            <li key={s.prospectId}>
              <Card>
                <CardHeader
                  header={<Title3 as="h2">{s.companyName || 'Company name not given yet'}</Title3>}
                  description={
                    <div className={styles.meta}>
                      <Text>Application {s.prospectId}</Text>
                      <Badge appearance="tint" color={s.status === 'SUBMITTED' ? 'success' : 'informative'}>
                        {STATUS_TEXT[s.status] ?? s.status}
                      </Badge>
                      <Text>Last updated {new Date(s.updatedAt).toLocaleDateString('en-GB', { day: '2-digit', month: 'short', year: 'numeric' })}</Text>
                    </div>
                  }
                  action={
                    <Button
                      appearance="primary"
                      disabled={!!opening || !config}
                      aria-label={`${s.status === 'SUBMITTED' ? 'Check status of' : 'Continue'} application ${s.prospectId}`}
                      onClick={() => void open(s)}
                    >
                      {opening === s.prospectId ? <Spinner size="tiny" /> : s.status === 'SUBMITTED' ? 'Check status' : 'Continue'}
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
