import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { appMessages } from './scripts/lib/appMessages';
import { APP_ENTRY, budgetProblems, type ChunkInfo, formatEveryStep, formatReport, formatStepTotals, packageBreakdown, routeReport, stepProblems, stepTotals } from './scripts/lib/routeSizes';
import { formStepLoads } from './scripts/lib/stepLoads';

const REPORT_DIR = fileURLToPath(new URL('./dist', import.meta.url));

/** Pages whose make-up the build writes to dist/bundle-report.md (docs/bundles.md is a copy of one). */
const BREAKDOWN_ROUTES = [APP_ENTRY, 'forms/FlowPage', 'stakeholders/StakeholdersPage'];

/**
 * After a build, prints the gzipped JavaScript each route loads against its budget (scripts/lib/routeSizes.ts)
 * and fails the build when a route is above its limit, when the landing page (the entry) would load form code
 * (RJSF, ajv), or when a page other than the studio's would load ajv's compiler; and what each form step loads in
 * all (its page, its lazily loaded widgets and x-phone, its validator modules for the content of schemas/: the
 * largest step of each route against the `step` budget). Writes the tables and what the
 * main pages are made of, by package, to dist/bundle-report.md.
 */
function routeSizeReport(): Plugin {
  return {
    name: 'quick-apply:route-sizes',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const chunks: ChunkInfo[] = Object.values(bundle).flatMap((o) =>
        o.type === 'chunk'
          ? [
              {
                fileName: o.fileName,
                code: o.code,
                isEntry: o.isEntry,
                isDynamicEntry: o.isDynamicEntry,
                facadeModuleId: o.facadeModuleId,
                imports: o.imports,
                moduleIds: o.moduleIds,
                dynamicImports: o.dynamicImports,
                moduleLengths: Object.fromEntries(Object.entries(o.modules).map(([id, m]) => [id, m.renderedLength])),
              },
            ]
          : [],
      );
      const report = routeReport(chunks);
      const totals = stepTotals(chunks, report, await formStepLoads());
      const table = `${formatReport(report)}\n${formatStepTotals(totals)}`;
      this.info(`\n${table}`);
      const kb = (n: number) => (n / 1024).toFixed(1);
      const breakdown = BREAKDOWN_ROUTES.flatMap((route) => [
        `\n## ${route}\n\n| package | gzipped kB (estimate) |\n|---|---:|`,
        ...packageBreakdown(report, chunks, route)
          .filter((p) => p.gzipBytes >= 512)
          .map((p) => `| ${p.name} | ${kb(p.gzipBytes)} |`),
      ]);
      mkdirSync(REPORT_DIR, { recursive: true });
      const everyStep = ['\n## Every form step in all (gzipped kB)\n', formatEveryStep(totals)];
      writeFileSync(join(REPORT_DIR, 'bundle-report.md'), ['# Bundle report (written by `npm run build`)', '', '```', table, '```', ...everyStep, ...breakdown, ''].join('\n'));
      if (report.formCodeInEntry.length > 0) {
        this.error(`the landing page (entry chunk) loads form code; make these imports lazy:\n  ${report.formCodeInEntry.slice(0, 10).join('\n  ')}`);
      }
      if (report.compilerOutsideStudio.length > 0) {
        this.error(`ajv's compiler is in pages outside the studio (the browser compiles no schema):\n  ${report.compilerOutsideStudio.map((r) => `${r.route}: ${r.modules.slice(0, 3).join(', ')}`).join('\n  ')}`);
      }
      const over = [...budgetProblems(report), ...stepProblems(totals)];
      if (over.length > 0) this.error(`JavaScript budgets exceeded (scripts/lib/routeSizes.ts BUDGETS):\n  ${over.join('\n  ')}`);
    },
  };
}

const URI_RESOLVER = fileURLToPath(new URL('./src/app/lib/uriResolver.ts', import.meta.url));

/**
 * @rjsf/utils' import of `fast-uri` gets src/app/lib/uriResolver.ts (the two functions it uses, on the browser's URL:
 * 7.5 kB gzipped off every form page). ajv's own import (the studio's editor) keeps the real package.
 */
function rjsfUriResolver(): Plugin {
  return {
    name: 'quick-apply:rjsf-uri-resolver',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== 'fast-uri' || !importer?.replaceAll('\\', '/').includes('/node_modules/@rjsf/utils/')) return null;
      return URI_RESOLVER;
    },
  };
}

const LAZY_MARKDOWN = fileURLToPath(new URL('./src/app/lib/lazyMarkdown.tsx', import.meta.url));

/**
 * RJSF's imports of `markdown-to-jsx/react` get src/app/lib/lazyMarkdown.tsx, which loads the parser on first use
 * (the parser is not needed to show a step that uses no markdown). That module's own import is left alone.
 */
function lazyMarkdown(): Plugin {
  return {
    name: 'quick-apply:lazy-markdown',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== 'markdown-to-jsx/react' || !importer || importer.replaceAll('\\', '/').endsWith('/src/app/lib/lazyMarkdown.tsx')) return null;
      return LAZY_MARKDOWN;
    },
  };
}

const REACT_ROUTER_PRODUCTION: Record<string, string> = {
  'react-router': fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)),
  'react-router/dom': fileURLToPath(new URL('./node_modules/react-router/dist/production/dom-export.mjs', import.meta.url)),
};

/**
 * react-router's package exports only its development build (dist/development: its warnings on), whatever the mode;
 * the build takes its production build (dist/production, the same code with the warnings off): 0.5 kB off every page.
 */
function reactRouterProduction(): Plugin {
  return {
    name: 'quick-apply:react-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId: (source) => REACT_ROUTER_PRODUCTION[source] ?? null,
  };
}

/**
 * The SPA: src/app/index.html -> dist/public. In development `npm run dev:web` proxies /api to the server
 * (`npm run dev:server`, port 8080).
 */
export default defineConfig({
  root: 'src/app',
  publicDir: 'public',
  plugins: [react(), appMessages(), lazyMarkdown(), rjsfUriResolver(), reactRouterProduction(), routeSizeReport()],
  resolve: {
    // The app's messages are compiled at build time (scripts/lib/appMessages.ts): react-intl formats them without
    // ICU's message parser, so the parser's entry is the one without it (an uncompiled message would throw).
    alias: [
      { find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' },
    ],
  },
  build: {
    outDir: '../../dist/public',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically in the entry's one chunk: every page loads all of it anyway, and
          // Rolldown's automatic splitting cut it into about 30 chunks by which pages share them (each chunk gzipped
          // apart, with its own imports and exports): 9 kB gzipped off every page, one request instead of ~30.
          groups: [{ name: 'index', tags: ['$initial'] }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8080' },
  },
});
