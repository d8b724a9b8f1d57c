import { Body1, Button, Card, CardHeader, makeStyles, Spinner, Text, Title1 } from '@fluentui/react-components';
import { useNavigate } from 'react-router-dom';
import { Shell } from '../../components/Shell';
import { useConfig } from '../config/useConfig';

const useStyles = makeStyles({
  cards: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', gap: '16px', marginTop: '24px' },
});

interface AccountSummary {
  id: string;
  name: string;
  description?: string;
  position?: number;
}

/** Landing: the promise of the product and the accounts to choose from (from the config, not hard-coded). */
export function LandingPage() {
  const styles = useStyles();
  const navigate = useNavigate();
  const { data, error, isLoading } = useConfig();
  const accounts = ((data?.products as { accounts?: AccountSummary[] } | undefined)?.accounts ?? [])
    .slice()
    .sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
  return (
    <Shell title="All businesses start with an account. Get yours now." showSteps={false}>
      <Title1 as="h1">Get started with your banking needs online, in minutes.</Title1>
      <Body1 as="p">Open a business account for your company in the UAE: conventional or Islamic, with value packages.</Body1>
      {isLoading && <Spinner label="Loading accounts" />}
      {error && <Text role="alert">We are facing a glitch at the moment, please try again later.</Text>}
      <div className={styles.cards}>
        {accounts.map((account) => (
          <Card key={account.id}>
            <CardHeader header={<Text weight="semibold">{account.name}</Text>} description={account.description} />
          </Card>
        ))}
      </div>
      <Button appearance="primary" size="large" style={{ marginTop: 24 }} onClick={() => navigate('/business/ApplicantInfo')}>
        Start application
      </Button>
    </Shell>
  );
}
