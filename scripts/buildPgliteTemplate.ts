/**
 * The template database a new PGlite data folder is copied from (src/server/db/pgliteTemplate.ts), made by the
 * server build (scripts/buildServer.ts; `npm start` builds the server when it is missing or stale):
 * `dist/server/pglite-template/<key>/` with PGlite's cluster after initdb and the migrations, plus the generated
 * validator code of schemas/ (the code a first start would generate when it imports schemas/). No content version,
 * no user, no key, no secret: every data folder makes its own at its first start. Made again only when one of its
 * inputs changes (PGlite's version, migrations/, schemas/, the validator generator); a build whose template is up
 * to date only checks the key. `npx tsx scripts/buildPgliteTemplate.ts` makes it alone.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileContent } from '../src/content/compiledContent';
import { contentHash } from '../src/content/contentHash';
import { computeGeneratorFingerprint } from '../src/content/generatorFingerprint';
import { readContentDir, SCHEMAS_DIR } from '../src/content/readContentDir';
import { createDatabase } from '../src/server/db/createDatabase';
import { MIGRATIONS_DIR } from '../src/server/db/migrate';
import {
  CURRENT_FILE,
  DEFAULT_PGLITE_TEMPLATE,
  installedPgliteVersion,
  readTemplateManifest,
  TEMPLATE_MANIFEST,
  type TemplateManifest,
} from '../src/server/db/pgliteTemplate';
import { createValidatorCodeRepository } from '../src/server/repositories/validatorCodeRepository';

export type TemplateBuild = { made: boolean; dir: string; ms: number };

/** Makes the template under `root` unless the current one was made from the same inputs. */
export async function buildPgliteTemplate(root: string = DEFAULT_PGLITE_TEMPLATE): Promise<TemplateBuild> {
  const started = Date.now();
  const files = await readContentDir(SCHEMAS_DIR);
  const hash = contentHash(files);
  const generator = computeGeneratorFingerprint();
  const migrations = readdirSync(MIGRATIONS_DIR).filter((f) => /^\d+_[\w-]+\.sql$/.test(f)).sort();
  const keyHash = createHash('sha256').update(`pglite ${installedPgliteVersion()}\ncontent ${hash}\ngenerator ${generator}\n`);
  for (const file of migrations) keyHash.update(`${file}\n`).update(readFileSync(join(MIGRATIONS_DIR, file)));
  const key = keyHash.digest('hex').slice(0, 20);
  const dir = join(root, key);

  const made = (await readTemplateManifest(dir))?.key !== key;
  if (made) {
    mkdirSync(root, { recursive: true });
    const building = mkdtempSync(join(root, 'building-'));
    try {
      const database = await createDatabase({ dataDir: building, pgliteTemplate: false });
      try {
        const compiled = compileContent(files, undefined, hash);
        await createValidatorCodeRepository().put(database.db, hash, generator, compiled.validator.generatedCode());
      } finally {
        await database.close();
      }
      const manifest: TemplateManifest = {
        pglite: installedPgliteVersion(),
        key,
        migrations: migrations.map((f) => f.replace(/\.sql$/, '')),
        contentHash: hash,
        generator,
      };
      writeFileSync(join(building, TEMPLATE_MANIFEST), JSON.stringify(manifest, null, 1));
      rmSync(dir, { recursive: true, force: true });
      renameSync(building, dir);
    } catch (error) {
      rmSync(building, { recursive: true, force: true });
      throw error;
    }
  }
  // `current` is replaced atomically; older templates go (a start copying one then fails its copy and runs initdb).
  const next = join(root, `${CURRENT_FILE}.${process.pid}`);
  writeFileSync(next, `${key}\n`);
  renameSync(next, join(root, CURRENT_FILE));
  for (const name of readdirSync(root)) {
    if (name === key || name.startsWith(`${CURRENT_FILE}`)) continue;
    // Another build's folder in the making is left alone (one left by a build that died goes after an hour).
    if (name.startsWith('building-') && Date.now() - statSync(join(root, name)).mtimeMs < 3_600_000) continue;
    rmSync(join(root, name), { recursive: true, force: true });
  }
  return { made, dir, ms: Date.now() - started };
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const { made, dir, ms } = await buildPgliteTemplate();
  console.log(`PGlite template ${made ? 'made' : 'up to date'} in ${dir} (${ms} ms)`);
}
