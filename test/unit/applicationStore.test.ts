import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiCall } from '../../src/app/features/application/contract';
import { ApplicationStore, CONFLICT_ON_SUBMIT, PERSIST_DELAY_MS } from '../../src/app/features/application/store';
import { ApiRequestError } from '../../src/app/lib/secureFetch';
import { applyPatch, type PatchOperation } from '../../src/shared/jsonPatch';

type Call = { url: string; method: string; body?: Record<string, unknown> };

/** A fake server for one prospect: version checks like the real PUT, scripted failures. */
function fakeServer() {
  let version = 1;
  let status = 'DRAFT';
  let document: Record<string, unknown> = { generalInfo: { prospectId: 'P-1' }, organizationInfo: { companyName: '' } };
  const calls: Call[] = [];
  const failures: unknown[] = [];
  const api = (async (url: string, options: { method?: string; body?: unknown } = {}) => {
    const method = options.method ?? 'GET';
    const body = options.body as Record<string, unknown> | undefined;
    calls.push({ url, method, ...(body ? { body } : {}) });
    const failure = failures.shift();
    if (failure) throw failure;
    if (method === 'PUT') {
      if (body!.version !== version) throw new ApiRequestError(409, { errorType: 'VersionConflict', errors: [{ errorCode: 'VERSION_CONFLICT', message: 'changed' }] });
      version += 1;
      // A patch save applies to the stored copy, as the server does (src/server/routes/prospects.ts).
      const sent = body!.patch ? applyPatch(document, body!.patch as PatchOperation[]) : (body!.prospect as object);
      document = { ...document, ...sent };
    }
    return { status: 200, headers: new Headers(), body: { prospectId: 'P-1', version, status, prospect: document } };
  }) as ApiCall;
  return {
    api,
    calls,
    failures,
    get version() {
      return version;
    },
    /** The bank (or another tab) moved the application: the GET answers the new status. */
    move(to: string) {
      status = to;
      version += 1;
    },
    bump(patch: Record<string, unknown>) {
      version += 1;
      document = { ...document, ...patch };
    },
  };
}

describe('the application store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  async function opened() {
    const server = fakeServer();
    const store = new ApplicationStore();
    store.connect(server.api, { refreshToken: 'r' });
    await store.open('P-1');
    return { server, store };
  }

  it('loads the prospect, saves an edit with saveType auto and the version, and takes the new version', async () => {
    const { server, store } = await opened();
    expect(store.getSnapshot()).toMatchObject({ prospectId: 'P-1', version: 1, dirty: false });
    store.edit({ ...store.getSnapshot().prospect, organizationInfo: { companyName: 'Falcon' } });
    await vi.advanceTimersByTimeAsync(1500);
    const put = server.calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toMatchObject({ saveType: 'auto', version: 1, prospect: { organizationInfo: { companyName: 'Falcon' } } });
    // Server-owned sections are not sent.
    expect(put.body!.prospect).not.toHaveProperty('generalInfo');
    expect(store.getSnapshot()).toMatchObject({ version: 2, dirty: false, saveState: 'saved' });
  });

  it('sends a patch against the version it holds when that is smaller than the whole document, and the whole one after a refused patch', async () => {
    const { server, store } = await opened();
    const people = Array.from({ length: 20 }, (_, i) => ({ firstName: `Person ${i}`, lastName: 'Al Mansoori', nationality: 'AE' }));
    store.edit({ ...store.getSnapshot().prospect, signatoryInfo: people });
    await vi.advanceTimersByTimeAsync(1500);
    // The list is new: one add of it (the other sections are not sent again).
    expect(server.calls.filter((c) => c.method === 'PUT').at(-1)!.body).toMatchObject({ patch: [{ op: 'add', path: '/signatoryInfo', value: people }] });

    const renamed = people.map((p, i) => (i === 7 ? { ...p, firstName: 'Aisha' } : p));
    store.edit({ ...store.getSnapshot().prospect, signatoryInfo: renamed });
    await vi.advanceTimersByTimeAsync(1500);
    const patchSave = server.calls.filter((c) => c.method === 'PUT').at(-1)!.body!;
    expect(patchSave).toMatchObject({ version: 2, patch: [{ op: 'replace', path: '/signatoryInfo/7/firstName', value: 'Aisha' }] });
    expect(patchSave).not.toHaveProperty('prospect');
    expect(store.getSnapshot()).toMatchObject({ version: 3, dirty: false });

    // The server refuses a patch (its copy is not the one the patch was made against): the whole document goes.
    server.failures.push(new ApiRequestError(400, { errorType: 'FieldsValidation', errors: [{ errorCode: 'INVALID_PATCH', message: 'operation 0 ...', field: 'body.patch.0' }] }));
    store.edit({ ...store.getSnapshot().prospect, signatoryInfo: renamed.map((p, i) => (i === 3 ? { ...p, lastName: 'Nair' } : p)) });
    await vi.advanceTimersByTimeAsync(5000);
    const [refused, retried] = server.calls.filter((c) => c.method === 'PUT').slice(-2);
    expect(refused!.body).toHaveProperty('patch');
    expect(retried!.body).toMatchObject({ version: 3, prospect: { signatoryInfo: expect.any(Array) } });
    expect(store.getSnapshot()).toMatchObject({ version: 4, dirty: false });
  });

  it('asks for the short answer and applies it: changed sections replaced, removed ones dropped, the rest kept', async () => {
    const { server, store } = await opened();
    const headersSeen: (Record<string, string> | undefined)[] = [];
    const api = (async (url: string, options: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) => {
      if (options.method !== 'PUT') return server.api(url, options as never);
      headersSeen.push(options.headers);
      const prospect = { organizationInfo: { companyName: 'Falcon', derived: 'by the server' }, freeFieldsInfo: { freeField5: '{}' } };
      return { status: 200, headers: new Headers({ 'preference-applied': 'return=minimal' }), body: { prospectId: 'P-1', version: 2, status: 'DRAFT', prospect, removedSections: ['hiddenSection'] } };
    }) as ApiCall;
    store.connect(api, { refreshToken: 'r' });
    store.edit({ ...store.getSnapshot().prospect, organizationInfo: { companyName: 'Falcon' }, hiddenSection: { a: 1 } });
    await vi.advanceTimersByTimeAsync(1500);
    expect(headersSeen).toEqual([{ prefer: 'return=minimal' }]);
    expect(store.getSnapshot()).toMatchObject({
      version: 2,
      dirty: false,
      prospect: { generalInfo: { prospectId: 'P-1' }, organizationInfo: { companyName: 'Falcon', derived: 'by the server' }, freeFieldsInfo: { freeField5: '{}' } },
    });
    expect(store.getSnapshot().prospect).not.toHaveProperty('hiddenSection');
  });

  it('continue sends actionType continue with the step and the signatory index', async () => {
    const { server, store } = await opened();
    await expect(store.continueStep('fqSignatoryPersonal', 1)).resolves.toEqual({ ok: true });
    expect(server.calls.at(-1)!.body).toMatchObject({ saveType: 'save', actionType: 'continue', step: 'fqSignatoryPersonal', signatoryIndex: 1 });
  });

  it('a 409 conflict reloads the server copy and tells the applicant; nothing is overwritten', async () => {
    const { server, store } = await opened();
    server.bump({ organizationInfo: { companyName: 'Changed by an agent' } });
    store.edit({ organizationInfo: { companyName: 'Mine' } });
    const result = await store.continueStep('companyDetails');
    expect(result.ok).toBe(false);
    expect(result.stop?.code).toBe('VERSION_CONFLICT');
    const snap = store.getSnapshot();
    expect(snap.notice).toMatch(/changed elsewhere/);
    expect(snap.version).toBe(server.version);
    expect((snap.prospect!.organizationInfo as { companyName: string }).companyName).toBe('Changed by an agent');
    expect(server.calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });

  it('maps FieldsValidation errors by field, and a prospect error code stops the application', async () => {
    const { server, store } = await opened();
    server.failures.push(
      new ApiRequestError(400, { errorType: 'FieldsValidation', errors: [{ errorCode: 'REQUIRED', message: 'Company name is not filled', field: 'prospect.organizationInfo.companyName' }] }),
    );
    const invalid = await store.continueStep('companyDetails');
    expect(invalid.fieldErrors).toEqual({ 'organizationInfo.companyName': ['Company name is not filled'] });
    expect(store.getSnapshot().fieldErrors).toEqual(invalid.fieldErrors);
    expect(store.getSnapshot().saveState).toBe('refused');
    // An edit elsewhere keeps the error; correcting the field drops it at once, before any save.
    const snap = () => store.getSnapshot().prospect!;
    store.edit({ ...snap(), applicationInfo: { islamicBanking: false } });
    expect(store.getSnapshot().fieldErrors).toEqual(invalid.fieldErrors);
    store.edit({ ...snap(), organizationInfo: { companyName: 'Falcon' } });
    expect(store.getSnapshot().fieldErrors).toEqual({});

    server.failures.push(new ApiRequestError(404, { errorType: 'ProspectError', errors: [{ errorCode: '12002', message: 'Invalid Prospect ID' }] }));
    const stopped = await store.continueStep('companyDetails');
    expect(stopped.stop).toEqual({ code: '12002', message: 'Invalid Prospect ID' });
    expect(store.getSnapshot().stop?.code).toBe('12002');
    // Stopped: nothing more is sent.
    const before = server.calls.length;
    await expect(store.submit()).resolves.toMatchObject({ ok: false, stop: { code: '12002' } });
    expect(server.calls.length).toBe(before);
  });

  it('a submit refused for a change made elsewhere says so and asks to check and submit again', async () => {
    const { server, store } = await opened();
    server.bump({ organizationInfo: { companyName: 'Changed in another tab' } });
    const result = await store.submit();
    expect(result.stop?.code).toBe('VERSION_CONFLICT');
    expect(store.getSnapshot().notice).toBe(CONFLICT_ON_SUBMIT);
    expect(store.getSnapshot().notice).toMatch(/changed elsewhere.*submit it again/);
    expect(store.getSnapshot().version).toBe(server.version);
  });

  it.each([
    ['APPLICATION_CLOSED', 'DECLINED', 'The application is "Declined": it can no longer be changed'],
    ['12012', 'SUBMITTED', 'We already have your application. Not to worry, our team is already working on it.'],
  ])('a save refused with %s (the application left the draft) reloads its status and keeps the server\'s reason, not "changed elsewhere"', async (code, to, message) => {
    const { server, store } = await opened();
    server.move(to);
    server.failures.push(new ApiRequestError(409, { errorType: 'ProspectError', errors: [{ errorCode: code, message }] }));
    store.edit({ ...store.getSnapshot().prospect, organizationInfo: { companyName: 'Typed after the decision' } });
    const result = await store.continueStep('companyDetails');
    expect(result.stop).toEqual({ code, message });
    const snap = store.getSnapshot();
    expect(snap.notice).toBe(message);
    expect(snap.status).toBe(to);
    expect(snap.stop).toBeUndefined();
    expect(snap.dirty).toBe(false);
    expect((snap.prospect!.organizationInfo as { companyName: string }).companyName).toBe('');
  });

  it('keeps an edit made while a save was in flight and sends it next', async () => {
    const { server, store } = await opened();
    store.edit({ organizationInfo: { companyName: 'A' } });
    await vi.advanceTimersByTimeAsync(1000); // auto save of A leaves...
    store.edit({ organizationInfo: { companyName: 'AB' } }); // ...and B is typed meanwhile
    await vi.advanceTimersByTimeAsync(2000);
    const puts = server.calls.filter((c) => c.method === 'PUT').map((c) => (c.body!.prospect as { organizationInfo: { companyName: string } }).organizationInfo.companyName);
    expect(puts).toEqual(['A', 'AB']);
    expect(store.getSnapshot()).toMatchObject({ dirty: false, saveState: 'saved' });
  });

  it('a network failure keeps the edit and retries it', async () => {
    const { server, store } = await opened();
    server.failures.push(new TypeError('Failed to fetch'));
    store.edit({ organizationInfo: { companyName: 'Offline' } });
    await vi.advanceTimersByTimeAsync(1000);
    expect(store.getSnapshot().saveState).toBe('offline');
    expect(store.getSnapshot().dirty).toBe(true);
    await vi.advanceTimersByTimeAsync(2000);
    expect(store.getSnapshot()).toMatchObject({ saveState: 'saved', dirty: false });
    expect(server.calls.filter((c) => c.method === 'PUT')).toHaveLength(2);
  });

  it('writes the local copy shortly after the last keystroke, not per keystroke, and at once when the page is left or hidden', async () => {
    // A browser's storage, window and document, as far as the store uses them.
    const items = new Map<string, string>();
    vi.stubGlobal('sessionStorage', { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => items.set(k, v), removeItem: (k: string) => items.delete(k) });
    const win = new EventTarget();
    const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' });
    vi.stubGlobal('window', win);
    vi.stubGlobal('document', doc);
    try {
      const { store } = await opened();
      const kept = () => (JSON.parse(items.get('qa.application') ?? '{}') as { prospect?: { organizationInfo?: { companyName?: string } } }).prospect?.organizationInfo?.companyName;
      const type = (companyName: string) => store.edit({ ...store.getSnapshot().prospect, organizationInfo: { companyName } });
      expect(kept()).toBe('');
      type('F');
      type('Fa');
      expect(kept()).toBe('');
      await vi.advanceTimersByTimeAsync(PERSIST_DELAY_MS);
      expect(kept()).toBe('Fa');
      type('Fal');
      win.dispatchEvent(new Event('pagehide'));
      expect(kept()).toBe('Fal');
      type('Falc');
      doc.visibilityState = 'hidden';
      doc.dispatchEvent(new Event('visibilitychange'));
      expect(kept()).toBe('Falc');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
