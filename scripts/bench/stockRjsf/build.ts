/**
 * Builds the stock-RJSF page of the typing benchmark (index.html + main.tsx here) into `outDir` with Vite, on its
 * own configuration: none of the app's plugins, aliases or route budgets, and nothing of it in dist/public.
 */
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

export async function buildStockRjsf(outDir: string): Promise<void> {
  // Vite's build sets NODE_ENV=production in this process, which the server started next would inherit.
  const nodeEnv = process.env.NODE_ENV;
  try {
    await build({
      configFile: false,
      root: import.meta.dirname,
      logLevel: 'warn',
      plugins: [react()],
      build: { outDir, emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 2000 },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

/** Serves the built folder on 127.0.0.1 (a free port); resolves with its address and a way to close it. */
export async function serveStatic(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    const file = join(dir, path === '/' ? 'index.html' : path);
    readFile(file).then(
      (body) => res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body),
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
