import { readdir, readFile } from 'node:fs/promises';
import { projectPath } from '../../content/projectRoot';
import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';

export const MIGRATIONS_DIR = projectPath('migrations');

/** Plain SQL files `migrations/NNN_name.sql`, applied in name order; the same files for PGlite and PostgreSQL. */
class SqlFileProvider implements MigrationProvider {
  constructor(private readonly dir: string) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const migrations: Record<string, Migration> = {};
    for (const name of (await migrationNames(this.dir)).sort()) {
      const text = await readFile(`${this.dir}${name}.sql`, 'utf8');
      migrations[name] = {
        up: async (db) => {
          await sql.raw(text).execute(db);
        },
      };
    }
    return migrations;
  }
}

/** The names of the migration files of `dir`. */
async function migrationNames(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((f) => /^\d+_[\w-]+\.sql$/.test(f)).map((f) => f.replace(/\.sql$/, ''));
}

/**
 * True when every migration file is recorded as applied: one read of Kysely's table, where the migrator first
 * looks through the catalogue of every schema (with PGlite 0.1 to 0.5 s of a start's CPU). Read-only, so two
 * processes may both find nothing to do; anything missing (or no table yet) goes through the migrator and its lock.
 */
async function allApplied(db: Kysely<unknown>, schema: string | undefined, dir: string): Promise<boolean> {
  const table = schema ? `${schema}.kysely_migration` : 'kysely_migration';
  const exists = await sql<{ found: string | null }>`select to_regclass(${table})::text as found`.execute(db);
  if (!exists.rows[0]?.found) return false;
  const applied = new Set((await sql<{ name: string }>`select name from ${sql.table(table)}`.execute(db)).rows.map((r) => r.name));
  return (await migrationNames(dir)).every((name) => applied.has(name));
}

/** Errors of a catalogue query racing another schema's DDL (see `migrate`). */
const CATALOGUE_RACE_CODES = new Set(['3F000', '42P01', '42703', 'XX000']);

/**
 * Applies pending migrations. Kysely's migrator holds a PostgreSQL advisory lock while it runs, so two
 * processes starting together do not both migrate: the second waits and then finds nothing to do.
 */
export async function migrate(db: Kysely<unknown>, schema?: string, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  if (await allApplied(db, schema, dir)) return [];
  const migrator = new Migrator({
    db,
    provider: new SqlFileProvider(dir),
    // Migrations are numbered by issue, so a later branch may bring a lower number than one already applied.
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}) });
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator.migrateToLatest();
    if (!error) return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
    // Kysely looks for its tables across every schema of the database before it takes its lock. Another tenant's
    // DDL at that moment can make that catalogue query fail: a schema dropped (3F000), a table or column being
    // created or dropped (42P01, 42703; seen in CI while another schema ran its migrations), or a catalogue entry
    // gone between two lookups (XX000). Migrations run in one transaction, so nothing was applied: retry.
    const code = (error as { code?: string }).code;
    if (!code || !CATALOGUE_RACE_CODES.has(code) || attempt >= 5) throw error instanceof Error ? error : new Error(String(error));
    await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
  }
}
