import { Caption1, makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { CheckmarkCircle16Regular, CloudOff16Regular, Edit16Regular, ErrorCircle16Regular } from '@fluentui/react-icons';
import type { RefusedAt } from './contract';
import { useApplication } from './useApplication';
import { useT } from '../../i18n/useT';

const useStyles = makeStyles({
  line: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, minHeight: '20px', color: tokens.colorNeutralForeground2 },
  offline: { color: tokens.colorPaletteDarkOrangeForeground1 },
});

/**
 * The save status line of a journey page (a polite live region: screen readers hear offline and saved).
 * `refusedAt`: where the page shows the reasons of a refused save (its own fields only when it highlights them).
 */
export function SaveStatus({ refusedAt = 'answers' }: { refusedAt?: RefusedAt }) {
  const styles = useStyles();
  const { saveState, prospectId } = useApplication();
  const t = useT();
  if (!prospectId) return null;
  const alert = saveState === 'retrying' || saveState === 'refused' || saveState === 'ended';
  const icon =
    // A spinner only while a save is on its way: changes waiting for the next save (or for a field to be fixed) are
    // not activity, so they get a still icon.
    saveState === 'saving' ? (
      <Spinner size="extra-tiny" aria-hidden />
    ) : saveState === 'pending' ? (
      <Edit16Regular aria-hidden />
    ) : saveState === 'offline' ? (
      <CloudOff16Regular aria-hidden />
    ) : alert ? (
      <ErrorCircle16Regular aria-hidden />
    ) : (
      <CheckmarkCircle16Regular aria-hidden />
    );
  return (
    <div className={`${styles.line} ${saveState === 'offline' || alert ? styles.offline : ''}`} role="status" aria-live="polite" data-save-state={saveState}>
      {icon}
      {/* A refused save's words say where its reasons are: "the highlighted field" only when the page highlights one. */}
      <Caption1>{t(saveState === 'refused' && refusedAt !== 'field' ? `save.refused.${refusedAt}` : `save.${saveState}`)}</Caption1>
    </div>
  );
}
