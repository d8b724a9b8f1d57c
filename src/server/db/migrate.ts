import { readdir, readFile } from 'node:fs/promises';
import { projectPath } from '../../content/projectRoot';
import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';

export const MIGRATIONS_DIR = projectPath('migrations');

/** Plain SQL files `migrations/NNN_name.sql`, applied in name order; the same files for PGlite and PostgreSQL. */
class SqlFileProvider implements MigrationProvider {
  constructor(private readonly dir: string) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const files = (await readdir(this.dir)).filter((f) => /^\d+_[\w-]+\.sql$/.test(f)).sort();
    const migrations: Record<string, Migration> = {};
    for (const file of files) {
      const text = await readFile(this.dir + file, 'utf8');
      migrations[file.replace(/\.sql$/, '')] = {
        up: async (db) => {
          await sql.raw(text).execute(db);
        },
      };
    }
    return migrations;
  }
}

/**
 * Applies pending migrations. Kysely's migrator holds a PostgreSQL advisory lock while it runs, so two
 * processes starting together do not both migrate: the second waits and then finds nothing to do.
 */
export async function migrate(db: Kysely<unknown>, schema?: string, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: new SqlFileProvider(dir),
    // Migrations are numbered by issue, so a later branch may bring a lower number than one already applied.
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}) });
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator.migrateToLatest();
    if (!error) return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
    // Kysely looks for its tables across every schema of the database before it takes its lock; a schema that
    // another tenant drops at that moment makes the catalogue query fail with 3F000. Nothing was applied: retry.
    if ((error as { code?: string }).code !== '3F000' || attempt >= 3) throw error instanceof Error ? error : new Error(String(error));
  }
}
