import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder holding package.json, schemas/, migrations/ and fixtures/. Found by walking up from this module,
 * because the same code runs from src/ (tsx, tests) and bundled into dist/server/main.js, at different depths.
 */
function findProjectRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'schemas'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no project root (package.json beside schemas/) above ${start}`);
  }
}

export const PROJECT_ROOT = findProjectRoot(dirname(fileURLToPath(import.meta.url)));

/** A folder of the project, with a trailing separator (as the readers of migrations/ and schemas/ expect). */
export const projectPath = (folder: string): string => join(PROJECT_ROOT, folder) + '/';
