import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildPgliteTemplate } from '../../scripts/buildPgliteTemplate';
import { buildApp } from '../../src/server/app';
import type { ServerConfig } from '../../src/server/config';
import { MIGRATIONS_DIR } from '../../src/server/db/migrate';
import { copyTemplateInto, currentTemplate, TEMPLATE_MANIFEST } from '../../src/server/db/pgliteTemplate';
import { testServerConfig } from '../setup/testFixtures';

const fixtures = inject('testFixtures');
const migrationNames = readdirSync(MIGRATIONS_DIR)
  .filter((f) => /^\d+_[\w-]+\.sql$/.test(f))
  .map((f) => f.replace(/\.sql$/, ''))
  .sort();

/**
 * The build's template database (scripts/buildPgliteTemplate.ts, src/server/db/pgliteTemplate.ts): a new PGlite data
 * folder is a copy of it, yet gets its own key pair, token secret and content version, and the migrations the
 * template lacks; without a usable template the folder is made by initdb.
 */
describe('new data folders from the build\'s template database [pglite]', () => {
  const work = mkdtempSync(join(tmpdir(), 'qa-template-'));
  const root = join(work, 'template');
  const apps: FastifyInstance[] = [];

  /** A server as a first start runs it: no key or secret from the environment, the test template. */
  async function start(dataDir: string, template: string | false = root): Promise<FastifyInstance> {
    const base = testServerConfig(fixtures, dataDir);
    const config: ServerConfig = { ...base, pgliteTemplate: template, serverPrivateKeyPem: undefined, identity: { ...base.identity, jwtSecret: undefined } };
    const app = await buildApp(config, { logger: false });
    apps.push(app);
    await app.ready();
    return app;
  }

  beforeAll(async () => {
    const first = await buildPgliteTemplate(root);
    expect(first.made).toBe(true);
  }, 600_000);
  afterAll(async () => {
    for (const app of apps) await app.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('is made once per inputs and holds the migrated cluster and validator code, no content, user, key or secret', async () => {
    expect((await buildPgliteTemplate(root)).made).toBe(false);
    const dir = (await currentTemplate(root))!;
    const manifest = JSON.parse(readFileSync(join(dir, TEMPLATE_MANIFEST), 'utf8'));
    expect(manifest.migrations).toEqual(migrationNames);
    expect(readdirSync(dir).sort()).toEqual(['pglite', TEMPLATE_MANIFEST]);

    const dataDir = join(work, 'inspect');
    expect(await copyTemplateInto(join(dataDir, 'pglite'), root)).toBe('copied');
    const { PGlite } = await import('@electric-sql/pglite');
    const pglite = await PGlite.create(join(dataDir, 'pglite'));
    try {
      const count = async (table: string) => (await pglite.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n;
      expect(await count('schema_versions')).toBe(0);
      expect(await count('users')).toBe(0);
      expect(await count('session_families')).toBe(0);
      const code = await pglite.query<{ kind: string; content_hash: string }>('select distinct kind, content_hash from validator_code order by kind');
      expect(code.rows.map((r) => r.kind)).toEqual(['agent', 'customer', 'server']);
      expect(new Set(code.rows.map((r) => r.content_hash))).toEqual(new Set([manifest.contentHash]));
    } finally {
      await pglite.close();
    }
  });

  it('gives each new folder its own key pair, token secret and imported content', async () => {
    const one = join(work, 'one');
    const two = join(work, 'two');
    const a = await start(one);
    const b = await start(two);
    expect(a.database.created).toBe('template');
    expect(b.database.created).toBe('template');
    const [keysA, keysB] = await Promise.all([a.serverKeys(), b.serverKeys()]);
    expect(keysA.source).toBe('generated');
    expect(keysA.publicKeySpki).not.toBe(keysB.publicKeySpki);
    expect(readFileSync(join(one, 'jwt-secret'), 'utf8')).not.toBe(readFileSync(join(two, 'jwt-secret'), 'utf8'));
    expect(readFileSync(join(one, 'server-key.pem'), 'utf8')).not.toBe(readFileSync(join(two, 'server-key.pem'), 'utf8'));

    // schemas/ imported at the first start, as into an empty database; the config publishes the folder's own key.
    const versions = await a.database.db.selectFrom('schema_versions').select(['version', 'author']).execute();
    expect(versions).toEqual([{ version: 1, author: 'files' }]);
    const config = await a.inject({ method: 'GET', url: '/api/config' });
    expect(config.statusCode).toBe(200);
    expect(config.json().publicKey).toBe(keysA.publicKeySpki);
    expect((await a.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);

    // The next start finds existing data and the same key.
    await a.close();
    const again = await start(one);
    expect(again.database.created).toBe('existing');
    expect((await again.serverKeys()).publicKeySpki).toBe(keysA.publicKeySpki);
  });

  it('runs the migrations an older template lacks', async () => {
    const older = join(work, 'older');
    cpSync(root, older, { recursive: true });
    const { PGlite } = await import('@electric-sql/pglite');
    const pglite = await PGlite.create(join((await currentTemplate(older))!, 'pglite'));
    // As if the template were built before the last migration: its tables and its record gone.
    await pglite.exec(`drop table document_verifications; drop table bank_records; delete from kysely_migration where name = '023_bank_records'`);
    await pglite.close();

    const app = await start(join(work, 'from-older'), older);
    expect(app.database.created).toBe('template');
    const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(app.database.db);
    expect(applied.rows.map((r) => r.name)).toEqual(migrationNames);
    const table = await sql<{ found: string | null }>`select to_regclass('bank_records')::text as found`.execute(app.database.db);
    expect(table.rows[0]?.found).toBe('bank_records');
  });

  it('copies only into a new folder, and never a template of another PGlite version or a missing one', async () => {
    const existing = join(work, 'existing', 'pglite');
    mkdirSync(existing, { recursive: true });
    writeFileSync(join(existing, 'PG_VERSION'), '17\n');
    expect(await copyTemplateInto(existing, root)).toBe('existing');
    expect(readdirSync(existing)).toEqual(['PG_VERSION']);

    const fresh = join(work, 'fresh', 'pglite');
    expect(await copyTemplateInto(fresh, join(work, 'no-such-template'))).toEqual({ reason: 'no template built' });
    expect(await copyTemplateInto(fresh, false)).toEqual({ reason: 'no template asked for' });
    const otherVersion = join(work, 'other-version');
    cpSync(root, otherVersion, { recursive: true });
    const manifestFile = join((await currentTemplate(otherVersion))!, TEMPLATE_MANIFEST);
    writeFileSync(manifestFile, JSON.stringify({ ...JSON.parse(readFileSync(manifestFile, 'utf8')), pglite: '0.0.1' }));
    expect(await copyTemplateInto(fresh, otherVersion)).toEqual({ reason: expect.stringMatching(/PGlite 0\.0\.1/) });
    expect(existsSync(fresh)).toBe(false);

    // A copy left half-way by a start that died is not taken for a database: the next start copies anew.
    mkdirSync(`${fresh}.from-template`, { recursive: true });
    writeFileSync(`${fresh}.from-template/PG_VERSION`, '17\n');
    expect(await copyTemplateInto(fresh, root)).toBe('copied');
    expect(existsSync(`${fresh}.from-template`)).toBe(false);
    expect(readdirSync(fresh).length).toBeGreaterThan(5);
  });

  it('is ready while a new key pair is made, and not ready when it cannot be made', async () => {
    const dataDir = join(work, 'broken-key');
    mkdirSync(dataDir, { recursive: true });
    // A dangling link where the key file goes: the new key cannot be put in place, nor a key read from it.
    symlinkSync(join(dataDir, 'nowhere'), join(dataDir, 'server-key.pem'));
    const app = await start(dataDir);
    await expect(app.serverKeys()).rejects.toThrow();
    const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect((await app.inject({ method: 'GET', url: '/api/config' })).statusCode).toBe(500);
  });
});
