import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { CheckmarkCircleRegular, CircleRegular } from '@fluentui/react-icons';
import { usePageT } from '../../i18n/usePageT';
import type { RequestableDocument } from '../../../content/lifecycle';

const useStyles = makeStyles({
  list: { margin: 0, padding: 0, listStyleType: 'none', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  item: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-start', overflowWrap: 'anywhere' },
  done: { color: tokens.colorPaletteGreenForeground1, flexShrink: 0, marginTop: '2px' },
  todo: { color: tokens.colorNeutralForeground2, flexShrink: 0, marginTop: '2px' },
});

/** The documents the bank asked for, each marked received (uploaded since the request) or needed. */
export function RequestedDocuments({ requested, missing }: { requested: RequestableDocument[]; missing: Set<string> }) {
  const styles = useStyles();
  const t = usePageT();
  return (
    <ul className={styles.list} aria-label={t('documents.requested')}>
      {requested.map((d) => {
        const received = !missing.has(d.documentKey);
        return (
          <li key={d.documentKey} className={styles.item}>
            {received ? <CheckmarkCircleRegular className={styles.done} aria-hidden /> : <CircleRegular className={styles.todo} aria-hidden />}
            <span>
              {d.documentTitle} <Text weight="semibold">{received ? t('documents.received') : t('documents.needed')}</Text>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
