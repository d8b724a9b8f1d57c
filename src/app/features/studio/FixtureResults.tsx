import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { useStudioT } from '../../i18n/useStudioT';
import type { FixtureRun } from './api';

const useStyles = makeStyles({
  lines: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, whiteSpace: 'pre-wrap', margin: 0, maxHeight: '320px', overflow: 'auto' },
  failed: { color: tokens.colorPaletteRedForeground1 },
});

/** Fixture results as the testers' CLI prints them: `file: name: message` per mismatch, then the totals. */
export function FixtureResults({ run, title }: { run: FixtureRun; title: string }) {
  const styles = useStyles();
  const t = useStudioT();
  const failed = run.results.filter((r) => !r.ok);
  return (
    <div>
      <Text weight="semibold" block>
        {t('studio.fixtures.totals', { title, passed: run.passed, failed: run.failed })}
      </Text>
      {failed.length > 0 && (
        <pre className={`${styles.lines} ${styles.failed}`}>
          {failed
            .map((r) => {
              const detail = r.message ?? (r.expected !== undefined ? t('studio.fixtures.expected', { expected: JSON.stringify(r.expected), actual: JSON.stringify(r.actual) }) : t('studio.fixtures.failedOne'));
              return `${r.file}: ${r.name}: ${detail}`;
            })
            .join('\n')}
        </pre>
      )}
      <details>
        <summary>{t('studio.fixtures.every', { count: run.results.length })}</summary>
        <ul className={styles.lines}>
          {run.results.map((r, i) => (
            <li key={`${r.file}-${r.name}-${i}`}>
              {r.ok ? t('studio.fixtures.passed') : t('studio.fixtures.failed')} · {r.file}: {r.name}
            </li>
          ))}
        </ul>
      </details>
    </div>
  );
}
