import { constants, existsSync, readFileSync } from 'node:fs';
import { cp, readdir, readFile, rename, rm, rmdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PROJECT_ROOT } from '../../content/projectRoot';

/**
 * A new PGlite data folder starts as a copy of a template database made by the build (scripts/buildServer.ts,
 * `dist/server/pglite-template/`) instead of running PGlite's initdb (most of a new folder's start: 5 to 20 s of
 * CPU). The template holds the cluster after initdb and the migrations of the build, and the generated validator
 * code of the build's schemas/ (derived data, keyed by content hash and generator fingerprint). It holds no content
 * version, no user, no key and no secret: a new folder still imports schemas/, gets its own key pair and token
 * secret, and runs the migrations the template lacks. Without a usable template (not built, another PGlite
 * version, a failed copy) the folder is made by initdb, as before.
 */
export const DEFAULT_PGLITE_TEMPLATE = join(PROJECT_ROOT, 'dist', 'server', 'pglite-template');
export const TEMPLATE_MANIFEST = 'template.json';
/**
 * The template folder holds one subfolder per template (named by its key, never changed once in place) and the file
 * `current` naming the one to copy: a build that makes a new template never rewrites the files a start is copying.
 */
export const CURRENT_FILE = 'current';

export interface TemplateManifest {
  /** The PGlite version that made the cluster: another version may not read it. */
  pglite: string;
  /** What it was made from (migrations, schemas/, generator, PGlite): the build remakes it when this changes. */
  key: string;
  migrations: string[];
  contentHash: string;
  generator: string;
}

let installed: string | undefined;
/** The installed PGlite's version (its package.json, found from the package's entry point). */
export function installedPgliteVersion(): string {
  if (installed === undefined) {
    let dir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
    installed = (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
  }
  return installed;
}

/** The folder of the current template under `root` (undefined when none was built). */
export async function currentTemplate(root: string): Promise<string | undefined> {
  try {
    const name = (await readFile(join(root, CURRENT_FILE), 'utf8')).trim();
    return /^[\w-]+$/.test(name) ? join(root, name) : undefined;
  } catch {
    return undefined;
  }
}

export async function readTemplateManifest(templateDir: string): Promise<TemplateManifest | undefined> {
  try {
    const manifest = JSON.parse(await readFile(join(templateDir, TEMPLATE_MANIFEST), 'utf8')) as TemplateManifest;
    return typeof manifest.pglite === 'string' && typeof manifest.key === 'string' ? manifest : undefined;
  } catch {
    return undefined;
  }
}

/** True when `pgliteDir` holds nothing (missing or empty): a data folder PGlite would initdb. */
async function isEmpty(pgliteDir: string): Promise<boolean> {
  try {
    return (await readdir(pgliteDir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

export type TemplateOutcome = 'copied' | 'existing' | { reason: string };

/**
 * Copies the template's cluster into `pgliteDir` when that folder is new (missing or empty); the caller holds the
 * data folder's lock. Copied beside it under a temporary name and renamed into place, so a start that dies
 * half-way leaves no half database for the next start to open (only the temporary folder, removed then).
 * Returns 'existing' for a folder that has data, `{ reason }` when the folder should be made by initdb.
 */
export async function copyTemplateInto(pgliteDir: string, root: string | false = DEFAULT_PGLITE_TEMPLATE): Promise<TemplateOutcome> {
  if (!(await isEmpty(pgliteDir))) return 'existing';
  if (root === false) return { reason: 'no template asked for' };
  const templateDir = await currentTemplate(root);
  const manifest = templateDir && (await readTemplateManifest(templateDir));
  if (!manifest) return { reason: 'no template built' };
  if (manifest.pglite !== installedPgliteVersion()) return { reason: `template made by PGlite ${manifest.pglite}, ${installedPgliteVersion()} installed` };
  const temporary = `${pgliteDir}.from-template`;
  try {
    await rm(temporary, { recursive: true, force: true });
    // A copy-on-write clone where the file system has it, else a plain copy; never a hard link (the server writes).
    await cp(join(templateDir, 'pglite'), temporary, { recursive: true, mode: constants.COPYFILE_FICLONE });
    if (!existsSync(join(temporary, 'PG_VERSION'))) throw new Error('the template holds no cluster');
    // A later build removes older templates: one removed during the copy may have left files out.
    if (!existsSync(join(templateDir, TEMPLATE_MANIFEST))) throw new Error('the template was replaced during the copy');
    await rmdir(pgliteDir).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    await rename(temporary, pgliteDir);
    return 'copied';
  } catch (error) {
    await rm(temporary, { recursive: true, force: true }).catch(() => {});
    return { reason: `the template could not be copied (${(error as Error).message})` };
  }
}
