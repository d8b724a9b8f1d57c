/**
 * Issue 20, session 9: saves in groups (src/server/prospects/saveBatches.ts). The saves that arrive while a write is in
 * flight go together in one statement (one round trip, one commit): rows written by one statement share its
 * transaction id (xmin), which is how these tests see that saves went together. Each save still gets its own
 * answer: 200 with its version, 409 on a stale version, and a save the database refuses fails alone.
 *
 * To make a group deterministic, the test holds the row of one prospect (`hold`) in an open transaction: the save of
 * that prospect goes alone and waits for the row (on PGlite, for the one connection), and the saves sent meanwhile
 * queue behind it; when the transaction ends they go together.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { saveBatchesOf } from '../../src/server/prospects/saveBatches';
import { VersionConflictError } from '../../src/server/repositories/prospectRepository';
import { describeEachDatabase, startApp } from './helpers';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describeEachDatabase('saves in groups', (db) => {
  let app: FastifyInstance;
  let alice: string;

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    app.inject({ method, url, headers: { authorization: `Bearer ${alice}` }, ...(payload === undefined ? {} : { payload: payload as Json }) });
  const save = (id: string, version: number, companyName: string) =>
    call('PUT', `/api/usertypes/sme/prospects/${id}`, { prospect: { organizationInfo: { companyName } }, saveType: 'auto', version });

  async function create(): Promise<string> {
    const res = await call('POST', '/api/usertypes/sme/prospects', {
      applicantInfo: { fullName: 'Aisha Al Mansoori', email: 'aisha@falcon.ae', countryCode: '971', mobileNo: '501234567', applyOnbehalf: false },
      applicationInfo: { accountType: 'currentAccount', islamicBanking: false },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = (res.json() as { prospectId: string }).prospectId;
    // A first save, so that what a save reads besides the row (the session, the applicant's language) is in place.
    expect((await save(id, 1, 'Warm Up')).statusCode).toBe(200);
    return id;
  }

  async function until(condition: () => boolean, what: string): Promise<void> {
    const deadline = Date.now() + 20_000;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 5));
    }
  }

  /**
   * Sends the save of `held` while its row is locked, then `saves` once it is in flight, and releases the row when
   * they all wait: they go together in the statement after the held one. Answers in the order given.
   */
  async function grouped(held: string, heldVersion: number, saves: (() => ReturnType<typeof save>)[]) {
    const batches = saveBatchesOf(app.database);
    let first!: ReturnType<typeof save>;
    let rest!: Promise<Awaited<ReturnType<typeof save>>[]>;
    await app.database.db.transaction().execute(async (trx) => {
      await sql`select id from prospects where id = ${held} for update`.execute(trx);
      first = save(held, heldVersion, 'Held');
      await until(() => batches.state().inFlight, 'the held save');
      rest = Promise.all(saves.map((s) => s()));
      await until(() => batches.state().waiting === saves.length, `${saves.length} saves waiting`);
    });
    return { first: await first, rest: await rest };
  }

  const xmins = async (ids: string[]) =>
    (await sql<{ id: string; x: string }>`select id, xmin::text as x from prospects where id = any(${ids})`.execute(app.database.db)).rows.reduce<Record<string, string>>((m, r) => ({ ...m, [r.id]: r.x }), {});
  const auditCount = async (id: string) => (await app.database.db.selectFrom('audit_log').select('id').where('prospect_id', '=', id).execute()).length;
  const stored = async (id: string) => (await call('GET', `/api/usertypes/sme/prospects/${id}`)).json() as { version: number; prospect: Json };

  /** The group statements and their saves so far, as the metrics scrape (from this host) gives them. */
  async function saveGroups(): Promise<{ statements: number; saves: number }> {
    const text = (await app.inject({ method: 'GET', url: '/api/metrics', remoteAddress: '127.0.0.1' })).body;
    const read = (count: string) => Number(new RegExp(`^prospect_save_groups\\{count="${count}"\\} (\\d+)$`, 'm').exec(text)?.[1]);
    return { statements: read('statements'), saves: read('saves') };
  }

  beforeAll(async () => {
    // Many applications of one applicant (more than MAX_OPEN_APPLICATIONS' default of 20) across the file.
    app = await startApp(db(), { encryption: 'off', maxOpenApplications: 1000 });
    alice = ((await app.tokenService.issue({ sub: 'c:971501234567', kind: 'customer', roles: ['customer'], countryCode: '971', mobile: '501234567', email: 'aisha@falcon.ae' } as never)) as { access_token: string }).access_token;
  });
  afterAll(async () => {
    await app?.close();
    await db().cleanup();
  });

  it('saves of different prospects that arrive during a write go together in one statement, each with its version and audit row', async () => {
    const held = await create();
    const ids = await Promise.all([create(), create(), create(), create()]);
    const audits = await Promise.all(ids.map(auditCount));
    const groupsBefore = await saveGroups();
    const { first, rest } = await grouped(held, 2, ids.map((id, i) => () => save(id, 2, `Company ${i}`)));
    expect(first.statusCode, first.body).toBe(200);
    // What /api/metrics tells of it (the save benchmark's saves per statement): two statements, five saves.
    const groupsAfter = await saveGroups();
    expect({ statements: groupsAfter.statements - groupsBefore.statements, saves: groupsAfter.saves - groupsBefore.saves }).toEqual({ statements: 2, saves: 5 });
    for (const res of rest) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().version).toBe(3);
    }
    const x = await xmins([held, ...ids]);
    // One statement for the four (one transaction), another for the held one.
    expect(new Set(ids.map((id) => x[id])).size).toBe(1);
    expect(x[held]).not.toBe(x[ids[0]!]);
    for (const [i, id] of ids.entries()) {
      const row = await stored(id);
      expect(row.version).toBe(3);
      expect(row.prospect.organizationInfo.companyName).toBe(`Company ${i}`);
      expect(await auditCount(id)).toBe(audits[i]! + 1);
    }
    // The search columns are written by a group's statement as by a single save.
    const names = await app.database.db.selectFrom('prospects').select(['id', 'company_name', 'company_words']).where('id', 'in', ids).execute();
    expect(Object.fromEntries(names.map((n) => [n.id, [n.company_name, n.company_words]]))).toEqual(Object.fromEntries(ids.map((id, i) => [id, [`Company ${i}`, ['company', String(i)]]])));
    // The next save of each starts from the row the group wrote (the process's cache, with the group's xmin).
    const next = await Promise.all(ids.map((id) => save(id, 3, 'Again')));
    expect(next.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
  });

  it('two saves of the same prospect never go together: the first is stored, the second of the same version gets 409', async () => {
    const held = await create();
    const id = await create();
    const other = await create();
    const { first, rest } = await grouped(held, 2, [() => save(id, 2, 'First'), () => save(other, 2, 'Other'), () => save(id, 2, 'Second')]);
    expect(first.statusCode).toBe(200);
    const [a, b, c] = rest;
    expect(a!.statusCode, a!.body).toBe(200);
    expect(b!.statusCode, b!.body).toBe(200);
    expect(c!.statusCode, c!.body).toBe(409);
    expect(c!.json().errors[0].errorCode).toBe('VERSION_CONFLICT');
    const row = await stored(id);
    expect(row.version).toBe(3);
    expect(row.prospect.organizationInfo.companyName).toBe('First');
    const x = await xmins([id, other]);
    expect(x[id]).toBe(x[other]);
  });

  it('a stale version inside a group gets 409 while the others in it are stored', async () => {
    const held = await create();
    const [a, stale, c] = await Promise.all([create(), create(), create()]);
    const before = await auditCount(stale!);
    // The stale save straight to the group (a request naming an old version would read the row first, and on
    // PGlite that read waits for the held connection), as the save of a request that read version 1 would be.
    const batches = saveBatchesOf(app.database);
    const principal = { sub: 'c:971501234567', kind: 'customer', roles: ['customer'] } as never;
    let refused: unknown;
    const { rest } = await grouped(held, 2, [
      () => save(a!, 2, 'A'),
      () =>
        batches
          .save({ id: stale!, expectedVersion: 1, document: { organizationInfo: { companyName: 'Stale' } }, audit: { principal, action: 'prospect.auto', changes: [] } })
          .then(() => ({ statusCode: 200 }) as never, (error: unknown) => ((refused = error), { statusCode: 409 } as never)),
      () => save(c!, 2, 'C'),
    ]);
    expect(rest.map((r) => r.statusCode)).toEqual([200, 409, 200]);
    expect(refused).toBeInstanceOf(VersionConflictError);
    expect((refused as VersionConflictError).currentVersion).toBe(2);
    expect((await stored(stale!)).prospect.organizationInfo.companyName).toBe('Warm Up');
    expect(await auditCount(stale!)).toBe(before);
    expect((await stored(a!)).version).toBe(3);
    expect((await stored(c!)).version).toBe(3);
    const x = await xmins([a!, c!]);
    expect(x[a!]).toBe(x[c!]);
    // A request naming the old version is answered 409 with the current version, as before.
    const late = await save(stale!, 1, 'Late');
    expect(late.statusCode).toBe(409);
    expect(late.json().errors[0].message).toContain('current version 2');
  });

  it('a row written by someone else since this process cached it is saved again from a fresh read inside a group', async () => {
    const held = await create();
    const [a, b] = await Promise.all([create(), create()]);
    // A back-office write that does not bump the version: the cached row's xmin no longer matches.
    await sql`update prospects set status = status where id = ${b!}`.execute(app.database.db);
    const { rest } = await grouped(held, 2, [() => save(a!, 2, 'A'), () => save(b!, 2, 'B')]);
    expect(rest.map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await stored(b!)).prospect.organizationInfo.companyName).toBe('B');
    expect((await stored(b!)).version).toBe(3);
  });

  it('a save the database refuses fails alone: the others of its group are stored', async () => {
    const held = await create();
    const [a, bad, c] = await Promise.all([create(), create(), create()]);
    await sql
      .raw(
        `create function refuse_boom() returns trigger language plpgsql as $$ begin
           if new.company_name = 'Boom' then raise exception 'refused by the test'; end if; return new; end $$;
         create trigger refuse_boom before update on prospects for each row execute function refuse_boom();`,
      )
      .execute(app.database.db);
    try {
      const before = await auditCount(bad!);
      const { rest } = await grouped(held, 2, [() => save(a!, 2, 'A'), () => save(bad!, 2, 'Boom'), () => save(c!, 2, 'C')]);
      expect(rest[0]!.statusCode, rest[0]!.body).toBe(200);
      expect(rest[1]!.statusCode).toBe(500);
      expect(rest[2]!.statusCode, rest[2]!.body).toBe(200);
      expect((await stored(bad!)).version).toBe(2);
      expect(await auditCount(bad!)).toBe(before);
      expect((await stored(a!)).prospect.organizationInfo.companyName).toBe('A');
      expect((await stored(c!)).prospect.organizationInfo.companyName).toBe('C');
    } finally {
      await sql.raw('drop trigger refuse_boom on prospects; drop function refuse_boom();').execute(app.database.db);
    }
  });

  it('many concurrent saves of many prospects, several per prospect: every 200 is stored with its audit row, every other answer is 409', async () => {
    const ids = await Promise.all(Array.from({ length: 8 }, () => create()));
    const audits = await Promise.all(ids.map(auditCount));
    // Three saves per prospect at once, all naming version 2: exactly one of each three is stored.
    const answers = await Promise.all(ids.flatMap((id) => [0, 1, 2].map((n) => save(id, 2, `Try ${n}`).then((res) => ({ id, n, res })))));
    for (const id of ids) {
      const mine = answers.filter((a) => a.id === id);
      const ok = mine.filter((a) => a.res.statusCode === 200);
      expect(ok).toHaveLength(1);
      expect(mine.filter((a) => a.res.statusCode === 409)).toHaveLength(2);
      const row = await stored(id);
      expect(row.version).toBe(3);
      expect(row.prospect.organizationInfo.companyName).toBe(`Try ${ok[0]!.n}`);
      expect(await auditCount(id)).toBe(audits[ids.indexOf(id)]! + 1);
    }
  });
});
