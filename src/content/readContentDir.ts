import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { ContentFiles } from './contentTypes';
import { projectPath } from './projectRoot';

export const SCHEMAS_DIR = projectPath('schemas');

/** Reads every JSON file under `schemas/` (version 1 of the content). */
export async function readContentDir(dir: string = SCHEMAS_DIR): Promise<ContentFiles> {
  const files: ContentFiles = {};
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  await Promise.all(
    entries
      .filter((e) => e.isFile() && e.name.endsWith('.json'))
      .map(async (e) => {
        const full = join(e.parentPath, e.name);
        const key = relative(dir, full).split(sep).join('/');
        try {
          files[key] = JSON.parse(await readFile(full, 'utf8'));
        } catch (error) {
          throw new Error(`schemas/${key}: ${(error as Error).message}`);
        }
      }),
  );
  return files;
}
