import { gzipSync } from 'node:zlib';

/**
 * The build report (issue 5: "the build prints the gzipped JavaScript per route"): for the entry (the landing
 * page) and every lazily loaded page, the JavaScript the browser downloads to show it: the entry and its static
 * imports, plus the page's chunk and its static imports (shared chunks counted once). Pure, so it is unit-tested;
 * the Vite plugin in vite.config.ts feeds it Rollup's output.
 */
export interface ChunkInfo {
  fileName: string;
  code: string;
  isEntry: boolean;
  isDynamicEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  moduleIds: string[];
}

export interface RouteSize {
  /** 'landing (entry)' or the lazy page's module, e.g. 'products/AccountsPage'. */
  route: string;
  files: string[];
  gzipBytes: number;
}

export interface RouteReport {
  routes: RouteSize[];
  /** Form code (RJSF, ajv) reachable from the entry: the landing page must load none. */
  formCodeInEntry: string[];
}

/** Modules that belong to the form engine and must stay out of the landing page. */
export const FORM_CODE = /[\\/]node_modules[\\/](@rjsf[\\/]|ajv[\\/]|ajv-formats[\\/]|ajv-errors[\\/])/;

/** Short name of a page module: the path under src/app/features (or src/app), without the extension. */
export function routeName(facadeModuleId: string): string {
  const path = facadeModuleId.replaceAll('\\', '/');
  const m = path.match(/src\/app\/(?:features\/)?(.+?)\.[jt]sx?$/);
  return m ? m[1]! : path;
}

function closure(start: string, byFile: Map<string, ChunkInfo>, into = new Set<string>()): Set<string> {
  if (into.has(start) || !byFile.has(start)) return into;
  into.add(start);
  for (const dep of byFile.get(start)!.imports) closure(dep, byFile, into);
  return into;
}

export function routeReport(chunks: ChunkInfo[], gzipSize: (code: string) => number = (code) => gzipSync(code).length): RouteReport {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const sizes = new Map<string, number>();
  const sizeOf = (file: string) => {
    if (!sizes.has(file)) sizes.set(file, gzipSize(byFile.get(file)!.code));
    return sizes.get(file)!;
  };
  const measure = (route: string, files: Set<string>): RouteSize => {
    const list = [...files].sort();
    return { route, files: list, gzipBytes: list.reduce((sum, f) => sum + sizeOf(f), 0) };
  };

  const entry = chunks.find((c) => c.isEntry);
  if (!entry) return { routes: [], formCodeInEntry: [] };
  const entryFiles = closure(entry.fileName, byFile);
  const formCodeInEntry = [...entryFiles].flatMap((f) => byFile.get(f)!.moduleIds.filter((id) => FORM_CODE.test(id)));

  const pages = chunks
    .filter((c) => c.isDynamicEntry && c.facadeModuleId)
    .map((c) => measure(routeName(c.facadeModuleId!), closure(c.fileName, byFile, new Set(entryFiles))))
    .sort((a, b) => a.route.localeCompare(b.route));
  return { routes: [measure('landing (entry)', entryFiles), ...pages], formCodeInEntry };
}

export function formatReport(report: RouteReport): string {
  const width = Math.max(...report.routes.map((r) => r.route.length), 5);
  const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`.padStart(10);
  const lines = report.routes.map((r) => `  ${r.route.padEnd(width)} ${kb(r.gzipBytes)}  (${r.files.length} files)`);
  return ['gzipped JavaScript per route (entry + lazy page + shared chunks):', ...lines].join('\n');
}
