import { makeStyles, Text, tokens } from '@fluentui/react-components';
import type { FixtureRun } from './api';

const useStyles = makeStyles({
  lines: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, whiteSpace: 'pre-wrap', margin: 0, maxHeight: '320px', overflow: 'auto' },
  failed: { color: tokens.colorPaletteRedForeground1 },
});

/** Fixture results as the testers' CLI prints them: `file: name: message` per mismatch, then the totals. */
export function FixtureResults({ run, title }: { run: FixtureRun; title: string }) {
  const styles = useStyles();
  const failed = run.results.filter((r) => !r.ok);
  return (
    <div>
      <Text weight="semibold" block>
        {title}: {run.passed} passed, {run.failed} failed
      </Text>
      {failed.length > 0 && (
        <pre className={`${styles.lines} ${styles.failed}`}>
          {failed
            .map((r) => {
              const detail = r.message ?? (r.expected !== undefined ? `expected ${JSON.stringify(r.expected)}, got ${JSON.stringify(r.actual)}` : 'failed');
              return `${r.file}: ${r.name}: ${detail}`;
            })
            .join('\n')}
        </pre>
      )}
      <details>
        <summary>Every fixture ({run.results.length})</summary>
        <ul className={styles.lines}>
          {run.results.map((r, i) => (
            <li key={`${r.file}-${r.name}-${i}`}>
              {r.ok ? 'passed' : 'FAILED'} · {r.file}: {r.name}
            </li>
          ))}
        </ul>
      </details>
    </div>
  );
}
