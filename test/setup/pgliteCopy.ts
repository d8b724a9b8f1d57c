import { cpSync, existsSync } from 'node:fs';
import { join } from 'node:path';

// Apart from pgliteTemplate.ts, which makes the template with the whole server app: an e2e file that only copies
// it (its server runs in a process of its own) does not load the app (about 2 s of CPU per file on this machine).

/**
 * Gives an empty data folder its own copy of the template database: what the server would have left there
 * after its first start, which it then opens as it would reopen its own folder (migrations and import find
 * nothing to do).
 */
export function copyPgliteTemplate(templateDir: string, dataDir: string): void {
  const target = join(dataDir, 'pglite');
  if (existsSync(target)) throw new Error(`${target} exists: the template is only copied into a new data folder`);
  cpSync(join(templateDir, 'pglite'), target, { recursive: true });
}
