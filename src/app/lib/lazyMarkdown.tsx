import { type ComponentProps, lazy, Suspense } from 'react';
import type { Markdown as RealMarkdown } from 'markdown-to-jsx/react';

/**
 * RJSF's `markdown-to-jsx/react`, loaded when a field first renders markdown. RJSF imports the parser (about a
 * quarter of a form page's gzipped JavaScript) for `ui:enableMarkdownInDescription` / `ui:enableMarkdownInHelp`
 * and its own configuration errors, which our steps rarely use; the build (vite.config.ts) points RJSF's import
 * here, and this module imports the real one (the import of this file itself is not redirected).
 */
const Real = lazy(() => import('markdown-to-jsx/react').then((m) => ({ default: m.Markdown })));

type Props = ComponentProps<typeof RealMarkdown>;

/** The same component: the text shows as it is while the parser loads, then as markdown. */
export function Markdown(props: Props) {
  return (
    <Suspense fallback={<>{props.children}</>}>
      <Real {...props} />
    </Suspense>
  );
}
