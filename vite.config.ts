import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { type ChunkInfo, formatReport, routeReport } from './scripts/lib/routeSizes';

/**
 * After a build, prints the gzipped JavaScript each route loads and fails the build when the landing page
 * (the entry) would load form code (RJSF, ajv): that code belongs in the lazily loaded journey pages.
 */
function routeSizeReport(): Plugin {
  return {
    name: 'quick-apply:route-sizes',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: ChunkInfo[] = Object.values(bundle).flatMap((o) =>
        o.type === 'chunk'
          ? [{ fileName: o.fileName, code: o.code, isEntry: o.isEntry, isDynamicEntry: o.isDynamicEntry, facadeModuleId: o.facadeModuleId, imports: o.imports, moduleIds: o.moduleIds }]
          : [],
      );
      const report = routeReport(chunks);
      this.info(`\n${formatReport(report)}`);
      if (report.formCodeInEntry.length > 0) {
        this.error(`the landing page (entry chunk) loads form code; make these imports lazy:\n  ${report.formCodeInEntry.slice(0, 10).join('\n  ')}`);
      }
    },
  };
}

/**
 * The SPA: src/app/index.html -> dist/public. In development `npm run dev:web` proxies /api to the server
 * (`npm run dev:server`, port 8080).
 */
export default defineConfig({
  root: 'src/app',
  publicDir: 'public',
  plugins: [react(), routeSizeReport()],
  build: {
    outDir: '../../dist/public',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 900,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8080' },
  },
});
