/**
 * Issue 16 item 6: a published version's files are stored as text in parts (migrations/026), written before the
 * publication's transaction, so that the transaction holds only short statements (with PGlite every statement holds
 * the server's thread and its one connection). A version is appended only over complete parts; parts of an attempt
 * that did not become a version are removed; versions stored as jsonb before the migration read the same.
 */
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Kysely, PostgresDialect, sql } from "kysely";
import { expect, it } from "vitest";
import type { ContentFiles } from "../../src/content/contentTypes";
import { MIGRATIONS_DIR, migrate } from "../../src/server/db/migrate";
import { PGlitePool } from "../../src/server/db/pgliteDialect";
import type { Database } from "../../src/server/db/tables";
import { createSchemaVersionRepository } from "../../src/server/repositories/schemaVersionRepository";
import { CODE_PART_CHARS } from "../../src/server/repositories/validatorCodeRepository";
import { describeEachDatabase, useDatabase } from "./helpers";

const repo = createSchemaVersionRepository();
/** Files of about 2.5 parts, with text that must survive the split (a surrogate pair, Arabic, quotes). */
const bigFiles = (tag: string): ContentFiles =>
  ({
    "steps/a.schema.json": {
      title: `A ${tag}`,
      description: "x".repeat(CODE_PART_CHARS - 3) + "\u{1F600}",
      zeta: 1,
      alpha: 2,
    },
    "steps/b.schema.json": {
      title: 'ب "quoted"',
      enum: Array.from({ length: 40_000 }, (_, i) => `v${i}`),
    },
  }) as unknown as ContentFiles;

describeEachDatabase("schema versions", (db) => {
  const handle = useDatabase(db);
  const parts = async (contentId: string) =>
    (
      await handle()
        .db.selectFrom("schema_version_content")
        .select(["part", "parts"])
        .where("content_id", "=", contentId)
        .orderBy("part")
        .execute()
    ).map((r) => [r.part, r.parts]);

  it("stores the files in parts of at most 256 kB before the transaction and reads them back whole, in their key order", async () => {
    const { db } = handle();
    const files = bigFiles("one");
    const content = await repo.storeContent(db, files);
    expect(content.parts).toBe(3);
    expect(await parts(content.contentId)).toEqual([
      [0, 3],
      [1, 3],
      [2, 3],
    ]);
    const lengths = await db
      .selectFrom("schema_version_content")
      .select(sql<number>`length(content)`.as("n"))
      .where("content_id", "=", content.contentId)
      .execute();
    expect(lengths.every((r) => Number(r.n) <= CODE_PART_CHARS + 1)).toBe(true);
    const version = await db
      .transaction()
      .execute((trx) =>
        repo.append(trx, {
          content,
          contentHash: "hash-one",
          author: "test",
          message: "one",
        }),
      );
    const read = await repo.get(db, version);
    expect(read?.content).toEqual(files);
    // Text, not jsonb: the files come back with their own key order (jsonb sorts keys by length).
    expect(
      Object.keys(
        (read!.content as Record<string, Record<string, unknown>>)[
          "steps/a.schema.json"
        ]!,
      ),
    ).toEqual(["title", "description", "zeta", "alpha"]);
    expect(read?.contentHash).toBe("hash-one");
  });

  it("refuses to append a version over incomplete parts, and leaves the latest version as it was", async () => {
    const { db } = handle();
    const before = await repo.latestHeader(db);
    const content = await repo.storeContent(db, bigFiles("two"));
    // A part lost (a server stopped while storing them, a store that failed half-way).
    await db
      .deleteFrom("schema_version_content")
      .where("content_id", "=", content.contentId)
      .where("part", "=", 1)
      .execute();
    await expect(
      db
        .transaction()
        .execute((trx) =>
          repo.append(trx, {
            content,
            contentHash: "hash-two",
            author: "test",
            message: "two",
          }),
        ),
    ).rejects.toThrow(/incomplete \(2 of 3 parts/);
    expect(await repo.latestHeader(db)).toEqual(before);
    await repo.discardContent(db, content);
    expect(await parts(content.contentId)).toEqual([]);
  });

  it("removes a failed attempt's parts, never a version's, and parts abandoned an hour ago at the next store", async () => {
    const { db } = handle();
    const latest = (await repo.latestHeader(db))!;
    const kept = (
      await db
        .selectFrom("schema_versions")
        .select("content_id")
        .where("version", "=", latest.version)
        .executeTakeFirstOrThrow()
    ).content_id;
    await repo.discardContent(db, { contentId: kept, parts: 3 });
    expect((await repo.get(db, latest.version))?.content).toEqual(
      bigFiles("one"),
    );

    const abandoned = await repo.storeContent(db, bigFiles("three"));
    const recent = await repo.storeContent(db, bigFiles("four"));
    await db
      .updateTable("schema_version_content")
      .set({ created_at: new Date(Date.now() - 2 * 3_600_000) })
      .where("content_id", "in", [abandoned.contentId, kept])
      .execute();
    const next = await repo.storeContent(db, bigFiles("five"));
    expect(await parts(abandoned.contentId)).toEqual([]);
    expect((await parts(recent.contentId)).length).toBe(3); // perhaps a publication on its way
    expect((await parts(kept)).length).toBe(3);
    expect((await parts(next.contentId)).length).toBe(3);
  });
});

it("migration 026 moves the jsonb content of versions published before it into parts", async () => {
  const dir = mkdtempSync(join(tmpdir(), "qa-migrations-"));
  const names = readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith(".sql"))
    .sort();
  const index = names.findIndex((n) =>
    n.startsWith("026_version_content_parts"),
  );
  expect(index).toBeGreaterThan(0);
  for (const name of names.slice(0, index))
    copyFileSync(join(MIGRATIONS_DIR, name), join(dir, name));
  const { PGlite } = await import("@electric-sql/pglite");
  const pglite = await PGlite.create();
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new PGlitePool(pglite) }),
  });
  try {
    await migrate(db as Kysely<unknown>, undefined, `${dir}/`);
    const old = {
      "steps/a.schema.json": {
        title: "Old",
        properties: { b: { type: "string" } },
      },
    };
    await sql`insert into schema_versions (version, content_hash, content, author, message) values (1, 'h1', ${JSON.stringify(old)}::jsonb, 'files', 'old'), (2, 'h2', ${JSON.stringify(bigFiles("old"))}::jsonb, 'files', 'big')`.execute(
      db,
    );
    for (const name of names.slice(index))
      copyFileSync(join(MIGRATIONS_DIR, name), join(dir, name));
    await migrate(db as Kysely<unknown>, undefined, `${dir}/`);
    expect((await repo.get(db, 1))?.content).toEqual(old);
    expect((await repo.get(db, 2))?.content).toEqual(bigFiles("old"));
    const columns = await sql<{
      column_name: string;
    }>`select column_name from information_schema.columns where table_name = 'schema_versions'`.execute(
      db,
    );
    expect(columns.rows.map((r) => r.column_name)).not.toContain("content");
  } finally {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
});
