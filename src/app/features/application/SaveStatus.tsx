import { Caption1, makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { CheckmarkCircle16Regular, CloudOff16Regular, Edit16Regular, ErrorCircle16Regular } from '@fluentui/react-icons';
import type { SaveState } from './contract';
import { useApplication } from './useApplication';
import type { MessageId } from '../../i18n/en';
import { useT } from '../../i18n/useT';

const useStyles = makeStyles({
  line: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, minHeight: '20px', color: tokens.colorNeutralForeground2 },
  offline: { color: tokens.colorPaletteDarkOrangeForeground1 },
});

const TEXT: Record<SaveState, MessageId> = {
  saved: 'save.saved',
  pending: 'save.pending',
  saving: 'save.saving',
  offline: 'save.offline',
  retrying: 'save.retrying',
  refused: 'save.refused',
};

/** The save status line of a journey page (a polite live region: screen readers hear offline and saved). */
export function SaveStatus() {
  const styles = useStyles();
  const { saveState, prospectId } = useApplication();
  const t = useT();
  if (!prospectId) return null;
  const icon =
    // A spinner only while a save is on its way: changes waiting for the next save (or for a field to be fixed) are
    // not activity, so they get a still icon.
    saveState === 'saving' ? (
      <Spinner size="extra-tiny" aria-hidden />
    ) : saveState === 'pending' ? (
      <Edit16Regular aria-hidden />
    ) : saveState === 'offline' ? (
      <CloudOff16Regular aria-hidden />
    ) : saveState === 'retrying' || saveState === 'refused' ? (
      <ErrorCircle16Regular aria-hidden />
    ) : (
      <CheckmarkCircle16Regular aria-hidden />
    );
  return (
    <div className={`${styles.line} ${saveState === 'offline' || saveState === 'retrying' || saveState === 'refused' ? styles.offline : ''}`} role="status" aria-live="polite" data-save-state={saveState}>
      {icon}
      <Caption1>{t(TEXT[saveState])}</Caption1>
    </div>
  );
}
