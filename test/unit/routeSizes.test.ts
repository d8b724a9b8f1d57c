import { describe, expect, it } from 'vitest';
import { type ChunkInfo, formatReport, routeName, routeReport } from '../../scripts/lib/routeSizes';

const chunk = (fileName: string, over: Partial<ChunkInfo> = {}): ChunkInfo => ({
  fileName,
  code: 'x'.repeat(10),
  isEntry: false,
  isDynamicEntry: false,
  facadeModuleId: null,
  imports: [],
  moduleIds: [],
  ...over,
});

// Size of a chunk = its code length, so the sums are easy to check.
const length = (code: string) => code.length;

describe('the build report of gzipped JavaScript per route', () => {
  const chunks = [
    chunk('index.js', { isEntry: true, code: 'e'.repeat(100), imports: ['vendor.js'], moduleIds: ['/app/src/app/main.tsx'] }),
    chunk('vendor.js', { code: 'v'.repeat(50) }),
    chunk('forms.js', { code: 'f'.repeat(300), imports: ['vendor.js'], moduleIds: ['/app/node_modules/@rjsf/core/lib/index.js', '/app/node_modules/ajv/dist/ajv.js'] }),
    chunk('FlowPage.js', { isDynamicEntry: true, facadeModuleId: '/app/src/app/features/forms/FlowPage.tsx', code: 'p'.repeat(20), imports: ['forms.js'] }),
    chunk('AccountsPage.js', { isDynamicEntry: true, facadeModuleId: '/app/src/app/features/products/AccountsPage.tsx', code: 'a'.repeat(7), imports: ['vendor.js'] }),
  ];

  it('counts the entry closure for the landing page and adds each lazy page with its own imports, shared chunks once', () => {
    const report = routeReport(chunks, length);
    expect(report.routes).toEqual([
      { route: 'landing (entry)', files: ['index.js', 'vendor.js'], gzipBytes: 150 },
      { route: 'forms/FlowPage', files: ['FlowPage.js', 'forms.js', 'index.js', 'vendor.js'], gzipBytes: 470 },
      { route: 'products/AccountsPage', files: ['AccountsPage.js', 'index.js', 'vendor.js'], gzipBytes: 157 },
    ]);
    expect(report.formCodeInEntry).toEqual([]);
  });

  it('finds form code (RJSF, ajv) that the entry would load', () => {
    const leaky = chunks.map((c) => (c.fileName === 'index.js' ? { ...c, imports: ['vendor.js', 'forms.js'] } : c));
    expect(routeReport(leaky, length).formCodeInEntry).toEqual(['/app/node_modules/@rjsf/core/lib/index.js', '/app/node_modules/ajv/dist/ajv.js']);
  });

  it('measures real gzip sizes by default', () => {
    const code = 'const a = 1;'.repeat(1000);
    const report = routeReport([chunk('index.js', { isEntry: true, code })]);
    expect(report.routes[0]!.gzipBytes).toBeGreaterThan(0);
    expect(report.routes[0]!.gzipBytes).toBeLessThan(code.length / 10);
  });

  it('names pages by their module under src/app/features and prints one line per route', () => {
    expect(routeName('C:\\repo\\src\\app\\features\\journey\\CodeRequestPage.tsx')).toBe('journey/CodeRequestPage');
    expect(routeName('/repo/src/app/components/NotFoundPage.tsx')).toBe('components/NotFoundPage');
    const text = formatReport(routeReport(chunks, length));
    expect(text.split('\n')).toHaveLength(4);
    expect(text).toMatch(/forms\/FlowPage\s+0\.5 kB/);
  });

  it('reports nothing without an entry chunk', () => {
    expect(routeReport([chunk('a.js')], length)).toEqual({ routes: [], formCodeInEntry: [] });
  });
});
