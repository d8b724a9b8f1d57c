import { memo } from 'react';
import { makeStyles } from '@fluentui/react-components';
import { useT } from '../i18n/useT';
import { panelColours, type PanelVariant } from '../theme';

const useStyles = makeStyles({
  root: { display: 'inline-flex', alignItems: 'center', gap: '10px', color: '#fff' },
  // In the icon bar (500 to 1023 px) only the mark shows; the words stay for screen readers (the link's name).
  words: {
    display: 'flex',
    flexDirection: 'column',
    lineHeight: '1.1',
    '@media (min-width: 500px) and (max-width: 1023px)': { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)' },
  },
  name: { fontWeight: 700, fontSize: '20px' },
  // Letter spacing would break the joins of Arabic letters.
  sub: { fontSize: '12px', letterSpacing: '0.08em', textTransform: 'uppercase', ':lang(ar)': { letterSpacing: 0 } },
});

/** The logo by account type (spec 001 §1): the mark, the name and the line of the variant (the brand RAKislamic as it is). */
export const Logo = memo(function Logo({ variant }: { variant: PanelVariant }) {
  const styles = useStyles();
  const t = useT();
  return (
    <span className={styles.root}>
      <svg width="36" height="36" viewBox="0 0 32 32" aria-hidden focusable="false">
        <rect width="32" height="32" rx="6" fill="#fff" />
        <path d="M9 22V10h7a4 4 0 0 1 0 8h-3l5 4" stroke={panelColours[variant]} strokeWidth="3" fill="none" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span className={styles.words}>
        <span className={styles.name}>Quick Apply</span>
        <span className={styles.sub}>{variant === 'islamic' ? 'RAKislamic' : t(variant === 'elite' ? 'shell.logoElite' : 'shell.logoStandard')}</span>
      </span>
    </span>
  );
});
