import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** schemas/ as the server reads it (readContentDir resolves its folder with file URLs, which happy-dom lacks). */
export function readSchemas(): Record<string, unknown> {
  const dir = join(import.meta.dirname, '..', '..', 'schemas');
  const files: Record<string, unknown> = {};
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!e.isFile() || !e.name.endsWith('.json')) continue;
    const full = join(e.parentPath, e.name);
    files[relative(dir, full).split(sep).join('/')] = JSON.parse(readFileSync(full, 'utf8'));
  }
  return files;
}
