import { Button, Title2, Body1 } from '@fluentui/react-components';
import { useNavigate } from 'react-router-dom';
import { Shell } from './Shell';
import { useT } from '../i18n/useT';

export function NotFoundPage() {
  const navigate = useNavigate();
  const t = useT();
  return (
    <Shell title={t('panel.startPages')} showSteps={false}>
      <Title2 as="h1">{t('notFound.title')}</Title2>
      <Body1 as="p">{t('notFound.text')}</Body1>
      <Button appearance="primary" onClick={() => navigate('/business/accounts')}>
        {t('notFound.action')}
      </Button>
    </Shell>
  );
}
