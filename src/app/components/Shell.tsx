import { makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { panelColours } from '../theme';
import { activeStepFor, customerJourney } from './journey';

const useStyles = makeStyles({
  root: { display: 'flex', minHeight: '100vh', '@media (max-width: 499px)': { flexDirection: 'column' } },
  panel: {
    color: '#fff',
    width: '320px',
    flexShrink: 0,
    padding: '32px 24px',
    boxSizing: 'border-box',
    '@media (max-width: 1023px)': { width: '88px', padding: '24px 12px' },
    '@media (max-width: 499px)': { width: '100%', padding: '12px 16px' },
  },
  logo: { color: '#fff', fontWeight: 700, fontSize: '22px', textDecorationLine: 'none' },
  title: { display: 'block', marginTop: '32px', fontSize: '24px', lineHeight: '32px', '@media (max-width: 1023px)': { display: 'none' } },
  steps: { listStyleType: 'none', padding: 0, marginTop: '32px', '@media (max-width: 499px)': { display: 'flex', gap: '8px', marginTop: '8px' } },
  step: { display: 'flex', alignItems: 'center', gap: '12px', padding: '6px 0', opacity: 0.75 },
  stepActive: { opacity: 1, fontWeight: 700 },
  marker: {
    width: '28px',
    height: '28px',
    borderRadius: '50%',
    border: '2px solid #fff',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: 0,
    fontSize: '13px',
  },
  markerFilled: { backgroundColor: '#fff', color: tokens.colorBrandForeground1 },
  stepLabel: { '@media (max-width: 1023px)': { display: 'none' } },
  main: { flexGrow: 1, padding: '32px 48px', maxWidth: '960px', '@media (max-width: 499px)': { padding: '16px' } },
});

export interface ShellProps {
  title: string;
  variant?: keyof typeof panelColours;
  showSteps?: boolean;
  children: ReactNode;
}

/** The page frame: left panel coloured by account type, logo, progress list, then the page. */
export function Shell({ title, variant = 'standard', showSteps = true, children }: ShellProps) {
  const styles = useStyles();
  const { pathname, search } = useLocation();
  const active = activeStepFor(pathname);
  return (
    <div className={styles.root}>
      <nav className={styles.panel} style={{ backgroundColor: panelColours[variant] }} aria-label="Application progress">
        <Link to={{ pathname: '/business/accounts', search }} className={styles.logo}>
          Quick Apply
        </Link>
        <Text as="h2" className={styles.title}>
          {title}
        </Text>
        {showSteps && (
          <ol className={styles.steps}>
            {customerJourney.map((s) => (
              <li key={s.step} className={mergeClasses(styles.step, s.step === active && styles.stepActive)} aria-current={s.step === active ? 'step' : undefined}>
                <span className={mergeClasses(styles.marker, s.step < active && styles.markerFilled)} aria-hidden>
                  {s.step}
                </span>
                <span className={styles.stepLabel}>{s.title}</span>
              </li>
            ))}
          </ol>
        )}
      </nav>
      <main className={styles.main} id="main">
        {children}
      </main>
    </div>
  );
}
