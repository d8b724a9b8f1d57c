/**
 * Generates the TypeScript types of the form data from schemas/ into src/generated/ (see
 * src/content/generateTypes.ts). Deletes generated files that are no longer produced.
 *   npm run gen:types              write src/generated/
 *   npm run gen:types -- --check   write nothing; exit 1 and list the files that differ
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { diffGenerated, generateTypes } from '../src/content/generateTypes';
import { readContentDir } from '../src/content/readContentDir';

const GENERATED_DIR = fileURLToPath(new URL('../src/generated/', import.meta.url));

/** The files now in src/generated/: relative path ('/'-separated) -> text. */
async function readGenerated(dir: string): Promise<Record<string, string>> {
  let entries;
  try {
    entries = await readdir(dir, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
  const files: Record<string, string> = {};
  for (const e of entries.filter((e) => e.isFile())) {
    const full = join(e.parentPath, e.name);
    files[relative(dir, full).split(sep).join('/')] = await readFile(full, 'utf8');
  }
  return files;
}

async function main(args: string[]): Promise<number> {
  const unknown = args.filter((a) => a !== '--check');
  if (unknown.length > 0) {
    console.error(`unknown argument ${unknown.join(' ')}\nusage: npm run gen:types [-- --check]`);
    return 2;
  }
  const check = args.includes('--check');
  const expected = await generateTypes(await readContentDir());
  const actual = await readGenerated(GENERATED_DIR);
  const differences = diffGenerated(expected, actual);

  if (check) {
    if (differences.length === 0) {
      console.log(`src/generated is up to date (${Object.keys(expected).length} files)`);
      return 0;
    }
    console.error('src/generated is stale; run `npm run gen:types`. Differing files:');
    for (const d of differences) console.error(`  src/generated/${d}`);
    return 1;
  }

  for (const [path, text] of Object.entries(expected)) {
    if (actual[path] === text) continue;
    const full = join(GENERATED_DIR, path);
    await mkdir(dirname(full), { recursive: true });
    await writeFile(full, text);
  }
  for (const path of Object.keys(actual)) {
    if (!(path in expected)) await rm(join(GENERATED_DIR, path));
  }
  await removeEmptyDirs(GENERATED_DIR);
  for (const d of differences) console.log(`src/generated/${d}`);
  console.log(
    differences.length === 0
      ? `src/generated is up to date (${Object.keys(expected).length} files)`
      : `${differences.length} file(s) updated in src/generated (${Object.keys(expected).length} files)`,
  );
  return 0;
}

async function removeEmptyDirs(dir: string): Promise<void> {
  for (const e of await readdir(dir, { withFileTypes: true })) {
    if (!e.isDirectory()) continue;
    const sub = join(dir, e.name);
    await removeEmptyDirs(sub);
    if ((await readdir(sub)).length === 0) await rm(sub, { recursive: true });
  }
}

process.exitCode = await main(process.argv.slice(2));
