import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { buildApp } from '../../src/server/app';
import type { ServerConfig } from '../../src/server/config';
import { createDatabase } from '../../src/server/db/createDatabase';

const root = join(import.meta.dirname, '..', '..');
const CACHE = join(root, 'node_modules', '.cache', 'quick-apply-tests');
const PREFIX = 'pglite-template-';

/** Every file under `dir` (relative name and bytes) into the hash. */
function hashTree(hash: ReturnType<typeof createHash>, dir: string): void {
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true }).sort((a, b) => join(a.parentPath, a.name).localeCompare(join(b.parentPath, b.name)))) {
    if (!entry.isFile()) continue;
    const file = join(entry.parentPath, entry.name);
    hash.update(relative(root, file)).update(readFileSync(file));
  }
}

/**
 * What a first start writes into a new database depends on: the PGlite version, the migrations, the content
 * of schemas/ and the start-up code (database and plugins). A change to any of them makes a new template.
 */
function templateKey(): string {
  const hash = createHash('sha256');
  hash.update(JSON.parse(readFileSync(join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')).version);
  for (const dir of ['migrations', 'schemas', 'src/server/db', 'src/server/plugins']) hashTree(hash, join(root, dir));
  return hash.digest('hex').slice(0, 16);
}

/**
 * A data folder whose `pglite/` is migrated and holds the imported schemas/: made by starting and stopping
 * the app once (PGlite's initdb, the migrations, the content import), then kept in node_modules/.cache for
 * later runs until one of its inputs changes. Made in a temporary folder and renamed into place, so runs
 * that start together never see half a template. Test apps never open it: they get copies.
 */
export async function pgliteTemplate(config: (dataDir: string) => ServerConfig): Promise<string> {
  const dir = join(CACHE, PREFIX + templateKey());
  if (existsSync(join(dir, 'pglite'))) return dir;
  mkdirSync(CACHE, { recursive: true });
  const building = mkdtempSync(join(CACHE, 'building-'));
  try {
    // initdb and the migrations first, outside Fastify's plugin time limit (initdb is slow on a busy machine).
    await (await createDatabase({ dataDir: building })).close();
    const app = await buildApp(config(building), { logger: false });
    await app.ready();
    await app.close();
    renameSync(building, dir);
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    if (!existsSync(join(dir, 'pglite'))) throw error; // else another run put the same template in place first
  }
  for (const old of readdirSync(CACHE).filter((name) => name.startsWith(PREFIX) && join(CACHE, name) !== dir)) {
    rmSync(join(CACHE, old), { recursive: true, force: true });
  }
  return dir;
}
