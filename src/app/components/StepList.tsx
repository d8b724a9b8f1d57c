import { memo } from 'react';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { CheckmarkRegular } from '@fluentui/react-icons';
import { Link } from 'react-router-dom';
import { useT } from '../i18n/useT';
import type { JourneyStep } from './journey';

const useStyles = makeStyles({
  list: {
    listStyleType: 'none',
    padding: 0,
    margin: '32px 0 0',
    '@media (max-width: 499px)': { display: 'flex', justifyContent: 'space-between', margin: '12px 0 0' },
  },
  step: { display: 'flex', alignItems: 'center', gap: '12px', padding: '6px 0', color: '#fff' },
  active: { fontWeight: 700 },
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
  markerActive: { outline: '3px solid rgba(255,255,255,0.55)', outlineOffset: '2px' },
  markerFilled: { backgroundColor: '#fff', color: tokens.colorNeutralForeground1 },
  // Below 1024 px the panel is an icon bar: the label stays for screen readers only.
  label: {
    '@media (max-width: 1023px)': {
      position: 'absolute',
      width: '1px',
      height: '1px',
      overflow: 'hidden',
      clip: 'rect(0 0 0 0)',
      whiteSpace: 'nowrap',
    },
  },
  srOnly: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' },
  // A step link is a 44×44 px tap target at least (the marker alone on tablets and phones).
  link: {
    color: 'inherit',
    textDecorationLine: 'none',
    display: 'flex',
    alignItems: 'center',
    gap: '12px',
    minHeight: '44px',
    minWidth: '44px',
    ':hover': { textDecorationLine: 'underline' },
    '@media (max-width: 1023px)': { justifyContent: 'center' },
  },
});

export interface StepListProps {
  steps: JourneyStep[];
  active: number;
  /** Linking mode: earlier steps (and the active one) are links back to their page. */
  linking?: boolean;
  search?: string;
  /** The steps completed (check mark, '(completed)'); every step before the active one when not given. */
  done?: readonly number[];
}

/** The progress list (spec 001 §2): the active step has a marker, completed steps are filled. */
export const StepList = memo(function StepList({ steps, active, linking = false, search = '', done: completed }: StepListProps) {
  const styles = useStyles();
  const t = useT();
  return (
    <ol className={styles.list} aria-label={t('steps.label')}>
      {steps.map((s) => {
        const done = completed ? completed.includes(s.step) : s.step < active;
        const isActive = s.step === active;
        const content = (
          <>
            <span className={mergeClasses(styles.marker, done && styles.markerFilled, isActive && styles.markerActive)} aria-hidden>
              {done ? <CheckmarkRegular /> : s.step}
            </span>
            <span className={styles.label}>
              {s.titleId ? t(s.titleId) : s.title}
              {done && <span className={styles.srOnly}>{t('steps.completed')}</span>}
            </span>
          </>
        );
        return (
          <li key={s.step} className={mergeClasses(styles.step, isActive && styles.active)} aria-current={isActive ? 'step' : undefined}>
            {linking && s.step <= active ? (
              <Link className={styles.link} to={{ pathname: s.path, search }}>
                {content}
              </Link>
            ) : (
              content
            )}
          </li>
        );
      })}
    </ol>
  );
});
