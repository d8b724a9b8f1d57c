import { Button, Title2, Body1 } from '@fluentui/react-components';
import { useNavigate } from 'react-router-dom';
import { Shell } from './Shell';

export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <Shell title="Opening an account has never been this simple." showSteps={false}>
      <Title2 as="h1">Page not found</Title2>
      <Body1 as="p">The page you are looking for does not exist or has moved.</Body1>
      <Button appearance="primary" onClick={() => navigate('/business/accounts')}>
        See products
      </Button>
    </Shell>
  );
}
