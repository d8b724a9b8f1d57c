/**
 * Statement-level timings of a publication's pieces on the server's thread (issue 16 item 6, docs/benchmarks.md
 * session 11): the version's files as one jsonb insert and read (before, in a scratch table) against text parts
 * (after, migrations/026), on PGlite in a new data folder; and the new version's build, the server code's compile
 * without and with the worker's V8 code cache. The first of `rounds` is left out (warm-up). A benchmark: prints only.
 *
 *   npx tsx scripts/benchVersionStatements.ts [rounds]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { projectPath } from "../src/content/projectRoot";
import { readContentDir } from "../src/content/readContentDir";
import { buildContent } from "../src/content/buildContent";
import { contentHash } from "../src/content/contentHash";
import { ContentValidator } from "../src/content/contentValidator";
import { Worker } from "node:worker_threads";
import { compileValidatorCode } from "../src/content/validatorCode";
import { createDatabase } from "../src/server/db/createDatabase";
import { splitCode } from "../src/server/repositories/validatorCodeRepository";

// The code cache made in another thread, as the studio's worker makes it (validatorCodeCache).
const worker = new Worker(
  `const { parentPort } = require('node:worker_threads'); const { compileFunction } = require('node:vm');
   parentPort.on('message', (body) => parentPort.postMessage(compileFunction(body, ['require', 'exports'], { produceCachedData: true }).cachedData));`,
  { eval: true },
);
const inWorker = (body: string) =>
  new Promise<Uint8Array>((resolve) => {
    worker.once("message", (data: Uint8Array) => resolve(new Uint8Array(data)));
    worker.postMessage(body);
  });
const files = await readContentDir(projectPath("schemas"));
const hash = contentHash(files);
const dir = mkdtempSync(join(tmpdir(), "h16pub-stmts-"));
const h = await createDatabase({ dataDir: dir });
const { db } = h;
const ms = (t: number) => (performance.now() - t).toFixed(1);
const rounds = Number(process.argv[2] ?? 5);
await sql`create table old_versions (version int primary key, content jsonb not null)`.execute(
  db,
);
await sql`alter table old_versions alter column content set storage external`.execute(
  db,
);
const text = JSON.stringify(files);
const out: Record<string, string[]> = {};
let serverCode: string | undefined;
const note = (k: string, v: string) => (out[k] ??= []).push(v);
for (let i = 0; i < rounds; i++) {
  let t = performance.now();
  await sql`insert into old_versions values (${i}, ${text}::jsonb)`.execute(db);
  note("before: insert 730 kB jsonb, one statement", ms(t));
  const parts = splitCode(text);
  const each: string[] = [];
  for (const [part, content] of parts.entries()) {
    t = performance.now();
    await db
      .insertInto("schema_version_content")
      .values({ content_id: `x${i}`, part, parts: parts.length, content })
      .execute();
    each.push(ms(t));
    await new Promise((r) => setImmediate(r));
  }
  note(
    `after: insert ${parts.length} text parts, per statement`,
    each.join("/"),
  );
  t = performance.now();
  await sql`select content from old_versions where version = ${i}`.execute(db);
  note("before: read jsonb whole (with JSON.parse in PGlite)", ms(t));
  const reads: string[] = [];
  for (let part = 0; part < parts.length; part++) {
    t = performance.now();
    await db
      .selectFrom("schema_version_content")
      .select("content")
      .where("content_id", "=", `x${i}`)
      .where("part", "=", part)
      .executeTakeFirst();
    reads.push(ms(t));
  }
  note("after: read text parts, per statement", reads.join("/"));
  t = performance.now();
  JSON.parse(text);
  note("JSON.parse 730 kB", ms(t));
  t = performance.now();
  JSON.stringify(files);
  note("JSON.stringify", ms(t));
  t = performance.now();
  const built = buildContent(files, { hash });
  note("buildContent", ms(t));
  serverCode ??= new ContentValidator(built).serverCode();
  const code = serverCode;
  const body = code + `\n//${i}`;
  t = performance.now();
  const run = compileValidatorCode(body);
  note("compiling the 1.4 MB server code (before: new Function)", ms(t));
  t = performance.now();
  run.run(built.lists);
  note("running it", ms(t));
  const cache = await inWorker(body);
  t = performance.now();
  const cached = compileValidatorCode(body, { code: body, data: cache });
  note(
    `compiling it with the worker's code cache (after; ${cache.length} bytes, refused: ${cached.cacheRejected})`,
    ms(t),
  );
}
for (const [k, v] of Object.entries(out))
  console.log(`${k}: ${v.slice(rounds > 1 ? 1 : 0).join(", ")}`);
await worker.terminate();
await h.close();
rmSync(dir, { recursive: true, force: true });
