import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUDGETS, budgetProblems, type ChunkInfo, formatEveryStep, formatReport, formatStepTotals, largestSteps, packageBreakdown, packageOf, routeName, routeReport, stepProblems, stepTotals } from '../../scripts/lib/routeSizes';
import { LAZY_WIDGET_CHUNKS } from '../../scripts/lib/stepLoads';

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
  // A dialog FlowPage loads on use: not a page, measured by what it adds to FlowPage.
  const withDialog = [
    ...chunks.map((c) => (c.fileName === 'FlowPage.js' ? { ...c, dynamicImports: ['Dialog.js'] } : c)),
    chunk('Dialog.js', { isDynamicEntry: true, facadeModuleId: '/app/src/app/components/ConfirmDialogView.tsx', code: 'd'.repeat(40), imports: ['forms.js', 'dialogKit.js'] }),
    chunk('dialogKit.js', { code: 'k'.repeat(9) }),
  ];

  it("counts the app's entry closure (what every page and the landing page's take-over load) and adds each lazy page with its own imports, shared chunks once", () => {
    const report = routeReport(chunks, length);
    expect(report.routes).toEqual([
      { route: 'app entry', files: ['index.js', 'vendor.js'], gzipBytes: 150 },
      { route: 'forms/FlowPage', files: ['FlowPage.js', 'forms.js', 'index.js', 'vendor.js'], gzipBytes: 470 },
      { route: 'products/AccountsPage', files: ['AccountsPage.js', 'index.js', 'vendor.js'], gzipBytes: 157 },
    ]);
    expect(report.formCodeInEntry).toEqual([]);
    expect(report.onDemand).toEqual([]);
  });

  it('lists chunks loaded on use apart from the pages, with what they add to the page that loads them', () => {
    const report = routeReport(withDialog, length);
    expect(report.routes.map((r) => r.route)).toEqual(['app entry', 'forms/FlowPage', 'products/AccountsPage']);
    expect(report.onDemand).toEqual([{ route: 'components/ConfirmDialogView', files: ['Dialog.js', 'dialogKit.js'], gzipBytes: 49 }]);
    expect(formatReport(report)).toMatch(/loaded on use[^\n]*\n\s+components\/ConfirmDialogView\s+0\.0 kB/);
  });

  it("finds ajv's compiler in a page outside the studio, not its runtime helpers", () => {
    const report = routeReport(chunks, length);
    expect(report.compilerOutsideStudio).toEqual([{ route: 'forms/FlowPage', modules: ['/app/node_modules/ajv/dist/ajv.js'] }]);
    const runtimeOnly = chunks.map((c) => (c.fileName === 'forms.js' ? { ...c, moduleIds: ['/app/node_modules/ajv/dist/runtime/equal.js', '/app/node_modules/ajv-formats/dist/formats.js'] } : c));
    expect(routeReport(runtimeOnly, length).compilerOutsideStudio).toEqual([]);
    const inStudio = chunks.map((c) => (c.fileName === 'FlowPage.js' ? { ...c, facadeModuleId: '/app/src/app/features/studio/EditorPage.tsx' } : c));
    expect(routeReport(inStudio, length).compilerOutsideStudio).toEqual([]);
  });

  it('fails a route above its limit (the app entry, pages and the studio each have their own) and passes one at it', () => {
    const report = routeReport(chunks, length);
    const kb = (bytes: number) => bytes / 1024;
    const budgets = { landing: { limit: 1, target: 1 }, app: { limit: kb(150), target: 0 }, page: { limit: kb(469), target: 0 }, studio: { limit: 1, target: 1 }, step: { limit: 1, target: 1 } };
    expect(budgetProblems(report, budgets)).toEqual([expect.stringMatching(/^forms\/FlowPage: 0\.5 kB gzipped, above its limit/)]);
    expect(budgetProblems(report, { ...budgets, page: { limit: kb(470), target: 0 } })).toEqual([]);
    expect(formatReport(report, budgets)).toMatch(/forms\/FlowPage .* OVER THE LIMIT/);
  });

  it('counts a form step in all: its page, the lazy chunks it needs (shared files once) and its validator modules; fails the largest step above the limit', () => {
    const withLazy = [
      ...chunks.map((c) => (c.fileName === 'FlowPage.js' ? { ...c, dynamicImports: ['List.js', 'phone.js'] } : c)),
      chunk('List.js', { isDynamicEntry: true, facadeModuleId: '/app/widgets/custom/LargeListSelect.tsx', code: 'l'.repeat(40), imports: ['forms.js', 'parser.js'] }),
      chunk('phone.js', { isDynamicEntry: true, facadeModuleId: '/app/src/validation/phone.ts', code: 'n'.repeat(30), imports: ['parser.js'] }),
      chunk('parser.js', { code: 'q'.repeat(25) }),
    ];
    const report = routeReport(withLazy, length);
    const loads = [
      { route: 'forms/FlowPage', step: 'plain', validatorBytes: 11, lazyChunks: [] },
      // dataBytes: what it fetches on use beside the chunks (a dialling code's phone metadata), counted as lazy.
      { route: 'forms/FlowPage', step: 'phone', validatorBytes: 13, lazyChunks: ['widgets/custom/LargeListSelect', 'src/validation/phone'], dataBytes: 7 },
    ];
    const totals = stepTotals(withLazy, report, loads, length);
    // The page: entry 100 + vendor 50 + forms 300 + FlowPage 20 = 470.
    expect(totals.map((t) => [t.step, t.pageBytes, t.lazyBytes, t.totalBytes])).toEqual([
      ['plain', 470, 0, 481],
      // The list 40 + phone 30 + their parser 25 once (forms.js is the page's already) + the data 7.
      ['phone', 470, 102, 585],
    ]);
    expect(largestSteps(totals).map((t) => t.step)).toEqual(['phone']);
    const kb = (bytes: number) => bytes / 1024;
    expect(stepProblems(totals, { ...BUDGETS, step: { limit: kb(584), target: kb(300) } })).toEqual([expect.stringMatching(/^forms\/FlowPage \(phone\): 0\.6 kB gzipped in all, above its limit/)]);
    expect(stepProblems(totals, { ...BUDGETS, step: { limit: kb(585), target: kb(300) } })).toEqual([]);
    expect(formatStepTotals(totals, { ...BUDGETS, step: { limit: kb(585), target: kb(300) } })).toMatch(/forms\/FlowPage \(phone\) .*= +0\.6 kB {2}\(above the target\)/);
    // The report's table of every step, largest first, each against the target.
    expect(formatEveryStep(totals, { ...BUDGETS, step: { limit: kb(585), target: kb(500) } }).split('\n').slice(2)).toEqual([
      '| forms/FlowPage | phone | 0.5 | 0.1 | 0.0 | 0.6 | no |',
      '| forms/FlowPage | plain | 0.5 | 0.0 | 0.0 | 0.5 | yes |',
    ]);
    // A lazy chunk the build does not have, or a route it does not have: the accounting would be short.
    expect(() => stepTotals(withLazy, report, [{ ...loads[0]!, lazyChunks: ['widgets/custom/Nothing'] }], length)).toThrow(/No lazily loaded chunk/);
    expect(() => stepTotals(withLazy, report, [{ ...loads[0]!, route: 'forms/Nothing' }], length)).toThrow(/No route/);
  });

  it("shares a chunk's gzipped size out over its packages by rendered length", () => {
    const split = chunks.map((c) => (c.fileName === 'forms.js' ? { ...c, moduleLengths: { '/app/node_modules/@rjsf/core/lib/index.js': 200, '/app/node_modules/ajv/dist/ajv.js': 100, '/app/src/validation/runtime.ts': 0 } } : c));
    const parts = packageBreakdown(routeReport(split, length), split, 'forms/FlowPage', length);
    expect(parts.find((p) => p.name === '@rjsf/core')!.gzipBytes).toBe(200);
    expect(parts.find((p) => p.name === 'ajv')!.gzipBytes).toBe(100);
    expect(parts.reduce((s, p) => s + p.gzipBytes, 0)).toBe(470);
    expect(packageOf('/r/node_modules/@fluentui/react-card/lib/Card.js')).toBe('@fluentui/react-card');
    expect(packageOf('/r/src/app/features/forms/FlowPage.tsx')).toBe('src/app/features/forms');
    expect(packageOf('\0vite/preload-helper.js')).toBe('vite/preload-helper.js');
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
    // A module loaded on use outside src/app: named from the repository's root, wherever the repository lives.
    expect(routeName('/home/me/src/repo/src/shared/jsonPatch.ts')).toBe('src/shared/jsonPatch');
    expect(routeName('/repo/widgets/custom/LargeListSelect.tsx')).toBe('widgets/custom/LargeListSelect');
    const text = formatReport(routeReport(chunks, length));
    expect(text.split('\n')).toHaveLength(4);
    expect(text).toMatch(new RegExp(`forms/FlowPage\\s+0\\.5 kB\\s+≤ ${BUDGETS.page.limit} / 300 kB`));
  });

  it('reports nothing without an entry chunk', () => {
    expect(routeReport([chunk('a.js')], length)).toEqual({ routes: [], onDemand: [], formCodeInEntry: [], compilerOutsideStudio: [] });
  });

  it('knows the chunk of every lazily loaded widget of widgets/index.ts', () => {
    const source = readFileSync(join(import.meta.dirname, '..', '..', 'widgets', 'index.ts'), 'utf8');
    const lazy = source.slice(source.indexOf('const LAZY'), source.indexOf('};', source.indexOf('const LAZY')));
    const names = [...lazy.matchAll(/^\s+(\w+):/gm)].map((m) => m[1]);
    expect(names.sort()).toEqual(Object.keys(LAZY_WIDGET_CHUNKS).sort());
  });
});
