import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { StudioLanguageSwitch } from './StudioLanguageSwitch';
import { useStudioT } from '../../i18n/useStudioT';
import { useSessionControls } from '../session/session';

const useStyles = makeStyles({
  header: {
    display: 'flex',
    alignItems: 'center',
    gap: '24px',
    padding: '12px 24px',
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    flexWrap: 'wrap',
  },
  brand: { color: tokens.colorNeutralForegroundOnBrand, fontWeight: 700, fontSize: '18px', textDecorationLine: 'none' },
  nav: { display: 'flex', gap: '16px', flexGrow: 1, flexWrap: 'wrap' },
  link: { color: tokens.colorNeutralForegroundOnBrand, textDecorationLine: 'underline' },
  main: { padding: '24px', maxWidth: '1600px', margin: '0 auto' },
});

/** The studio's page frame: brand, navigation, who is signed in, the language switch (remembered like the customer's), sign out. */
export function StudioLayout({ children }: { children: ReactNode }) {
  const styles = useStyles();
  const { session, logout } = useSessionControls();
  const navigate = useNavigate();
  const t = useStudioT();
  return (
    <>
      <header className={styles.header}>
        <Link to="/studio" className={styles.brand}>
          {t('studio.brand')}
        </Link>
        <nav className={styles.nav} aria-label={t('studio.nav')}>
          <Link to="/studio" className={styles.link}>
            {t('studio.nav.steps')}
          </Link>
          <Link to="/studio/drafts" className={styles.link}>
            {t('studio.nav.drafts')}
          </Link>
          <Link to="/studio/versions" className={styles.link}>
            {t('studio.nav.versions')}
          </Link>
        </nav>
        {session?.name && <Text>{session.name}</Text>}
        <StudioLanguageSwitch />
        <Button
          appearance="secondary"
          size="small"
          onClick={() => {
            void logout().then(() => navigate('/studio/Login'));
          }}
        >
          {t('studio.signOut')}
        </Button>
      </header>
      <main className={styles.main}>{children}</main>
    </>
  );
}

/** Only product staff get past: anyone else is sent to the studio's sign-in (which explains the role). */
export function RequireProduct({ children }: { children: ReactNode }) {
  const { session, expired } = useSessionControls();
  const location = useLocation();
  if (!session || session.kind !== 'product' || expired) {
    const next = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/studio/Login?next=${next}${expired ? '&expired=1' : ''}`} replace />;
  }
  return <StudioLayout>{children}</StudioLayout>;
}
