import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiCall } from '../../src/app/features/application/contract';
import { CONFLICT_TEXTS, FOCUS_REFRESH_MS, refreshOnFocus } from '../../src/app/features/application/rebase';
import { AUTO_SAVE_INTERVAL_MS, ApplicationStore, PERSIST_DELAY_MS, SERVER_OWNED } from '../../src/app/features/application/store';
import { ApiRequestError, SessionExpiredError } from '../../src/app/lib/secureFetch';
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
    get document() {
      return document;
    },
  };
}

/**
 * Runs `body` with a window and a document as far as the store uses them (events, the page's visibility, its
 * language), removed after with every other stubbed global.
 */
async function inBrowser(body: (page: { win: EventTarget; doc: EventTarget & { visibilityState: string } }) => Promise<void>): Promise<void> {
  const win = new EventTarget();
  const doc = Object.assign(new EventTarget(), { visibilityState: 'visible', documentElement: { lang: 'en' } });
  vi.stubGlobal('window', win);
  vi.stubGlobal('document', doc);
  try {
    await body({ win, doc });
  } finally {
    vi.unstubAllGlobals();
  }
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

  it('after a save refused with INVALID_PATCH (its base forgotten) sends the whole document at once: the Continue succeeds, nothing is lost, later saves are patches again', async () => {
    const { server, store } = await opened();
    const people = Array.from({ length: 20 }, (_, i) => ({ signatoryId: `s${i}`, firstName: `Person ${i}`, lastName: 'Al Mansoori' }));
    store.edit({ ...store.getSnapshot().prospect, signatoryInfo: people });
    await vi.advanceTimersByTimeAsync(1500);
    expect(store.getSnapshot()).toMatchObject({ version: 2, dirty: false });
    const states: string[] = [];
    const stop = store.subscribe(() => states.push(store.getSnapshot().saveState));

    // The server's copy is not the one this tab made its patch against (e.g. another server's cache): refused.
    server.failures.push(new ApiRequestError(400, { errorType: 'FieldsValidation', errors: [{ errorCode: 'INVALID_PATCH', message: 'operation 0 does not apply', field: 'body.patch.0' }] }));
    const edited = people.map((p, i) => (i === 7 ? { ...p, firstName: 'Aisha' } : p));
    store.edit({ ...store.getSnapshot().prospect, organizationInfo: { companyName: 'Falcon Trading' }, signatoryInfo: edited });
    let continued: unknown;
    void store.continueStep('companyDetails').then((result) => (continued = result));
    await vi.advanceTimersByTimeAsync(50); // no back-off: the whole document goes with the same Continue
    expect(continued).toMatchObject({ ok: true });
    stop();
    const [refused, full] = server.calls.filter((c) => c.method === 'PUT').slice(-2);
    expect(refused!.body).toMatchObject({ saveType: 'save', step: 'companyDetails', version: 2 });
    expect(refused!.body).toHaveProperty('patch');
    expect(full!.body).toMatchObject({ saveType: 'save', step: 'companyDetails', version: 2, prospect: { organizationInfo: { companyName: 'Falcon Trading' }, signatoryInfo: edited } });
    expect(full!.body).not.toHaveProperty('patch');
    expect(states).not.toContain('retrying');
    // Nothing lost: the server holds both edits, the tab has nothing left to send.
    expect(server.document).toMatchObject({ organizationInfo: { companyName: 'Falcon Trading' }, signatoryInfo: edited });
    expect(store.getSnapshot()).toMatchObject({ version: 3, dirty: false, saveState: 'saved' });

    // Its base is the server's answer again: the next edit is a small patch.
    store.edit({ ...store.getSnapshot().prospect, signatoryInfo: edited.map((p, i) => (i === 3 ? { ...p, lastName: 'Nair' } : p)) });
    await vi.advanceTimersByTimeAsync(1500);
    expect(server.calls.filter((c) => c.method === 'PUT').at(-1)!.body).toMatchObject({ version: 3, patch: [{ op: 'replace', path: '/signatoryInfo/3/lastName', value: 'Nair' }] });
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

  it('stops saving once the server says the session is over (401), keeps the answers and saves them after a new sign-in', async () => {
    vi.stubGlobal('location', { pathname: '/business/CompanyInfo' });
    try {
      const { server, store } = await opened();
      const puts = () => server.calls.filter((c) => c.method === 'PUT');
      // Logged out in another tab: the next save answers 401 (SessionExpiredError, as secureFetch throws it).
      server.failures.push(new SessionExpiredError());
      store.edit({ ...store.getSnapshot().prospect, organizationInfo: { companyName: 'Typed before the logout was known' } });
      await vi.advanceTimersByTimeAsync(1500);
      expect(puts()).toHaveLength(1);
      // Never "saved" for what the server refused with the session.
      expect(store.getSnapshot().saveState).toBe('ended');
      // Minutes of the expired dialog: no more saves (it sent one every 30 s, each answered 401), typing included.
      store.edit({ ...store.getSnapshot().prospect, organizationInfo: { companyName: 'Typed after' } });
      await vi.advanceTimersByTimeAsync(AUTO_SAVE_INTERVAL_MS * 5);
      expect(puts()).toHaveLength(1);
      expect(store.getSnapshot()).toMatchObject({ dirty: true, saveState: 'ended', prospect: { organizationInfo: { companyName: 'Typed after' } } });
      // The same dead session (a re-render) does not start them again.
      store.connect(server.api, { refreshToken: 'r' });
      await vi.advanceTimersByTimeAsync(AUTO_SAVE_INTERVAL_MS * 2);
      expect(puts()).toHaveLength(1);
      // Signed in again (a new session): opening the application sends the kept answers.
      store.connect(server.api, { refreshToken: 'r2' });
      await store.open('P-1');
      await vi.advanceTimersByTimeAsync(1500);
      expect(puts()).toHaveLength(2);
      expect(server.document).toMatchObject({ organizationInfo: { companyName: 'Typed after' } });
      expect(store.getSnapshot()).toMatchObject({ dirty: false, saveState: 'saved' });
      // And the timed auto-save runs again for the new session.
      store.edit({ ...store.getSnapshot().prospect, organizationInfo: { companyName: 'Later' } });
      await vi.advanceTimersByTimeAsync(1500);
      expect(puts()).toHaveLength(3);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('a 409 on an answer changed on both sides keeps the applicant\'s answer on screen, says so and saves nothing until they continue', async () => {
    const { server, store } = await opened();
    server.bump({ organizationInfo: { companyName: 'Changed by an agent' } });
    store.edit({ ...store.getSnapshot().prospect, organizationInfo: { companyName: 'Mine' } });
    const result = await store.continueStep('companyDetails');
    expect(result.ok).toBe(false);
    expect(result.stop?.code).toBe('VERSION_CONFLICT');
    expect(result.stop?.message).toMatch(/changed elsewhere/);
    const snap = store.getSnapshot();
    expect(snap.notice).toBe(CONFLICT_TEXTS.en.kept);
    expect(snap.noticeFields).toEqual(['organizationInfo.companyName']);
    expect(snap.version).toBe(server.version);
    expect((snap.prospect!.organizationInfo as { companyName: string }).companyName).toBe('Mine');
    // Never "saved" for what is not on the server, and no automatic save writes over the other change.
    expect(snap).toMatchObject({ dirty: true, saveState: 'pending' });
    store.edit({ ...store.getSnapshot().prospect, applicationInfo: { islamicBanking: false } });
    await vi.advanceTimersByTimeAsync(AUTO_SAVE_INTERVAL_MS + 2000);
    expect(server.calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
    expect(store.getSnapshot().saveState).toBe('pending');
    expect((server.document.organizationInfo as { companyName: string }).companyName).toBe('Changed by an agent');
    // Continue again: the applicant has seen the notice; their answers are saved on the latest version.
    await expect(store.continueStep('companyDetails')).resolves.toEqual({ ok: true });
    expect(server.document).toMatchObject({ organizationInfo: { companyName: 'Mine' }, applicationInfo: { islamicBanking: false } });
    expect(store.getSnapshot()).toMatchObject({ dirty: false, saveState: 'saved' });
  });

  it('a 409 for a change of other answers rebases the edit onto the latest copy and saves it again: both changes kept', async () => {
    const { server, store } = await opened();
    server.bump({ orgKYCDetails: { customerName: 'Changed in another tab' } });
    store.edit({ ...store.getSnapshot().prospect, organizationInfo: { companyName: 'Falcon', vatRegistrationNumber: '100' } });
    await expect(store.continueStep('companyDetails')).resolves.toEqual({ ok: true });
    const puts = server.calls.filter((c) => c.method === 'PUT');
    expect(puts).toHaveLength(2);
    expect(puts[1]!.body).toMatchObject({ version: 2, actionType: 'continue' });
    expect(server.document).toMatchObject({ orgKYCDetails: { customerName: 'Changed in another tab' }, organizationInfo: { companyName: 'Falcon', vatRegistrationNumber: '100' } });
    expect(store.getSnapshot()).toMatchObject({ version: 3, dirty: false, saveState: 'saved', notice: undefined });
    expect(store.getSnapshot().prospect).toMatchObject({ orgKYCDetails: { customerName: 'Changed in another tab' }, organizationInfo: { vatRegistrationNumber: '100' } });
  });

  it('an automatic save refused with 409 rebases too: the answers typed on the page stay and reach the server', async () => {
    const { server, store } = await opened();
    server.bump({ organizationInfo: { companyName: '', noOfEmployees: 13 } });
    const answers = { country: 'AE', checks: [true, true], yesNo: ['Y', 'N'] };
    store.edit({ ...store.getSnapshot().prospect, relationships: answers });
    await vi.advanceTimersByTimeAsync(1500);
    expect(store.getSnapshot()).toMatchObject({ dirty: false, saveState: 'saved', prospect: { relationships: answers, organizationInfo: { noOfEmployees: 13 } } });
    expect(server.document).toMatchObject({ relationships: answers, organizationInfo: { noOfEmployees: 13 } });
  });

  it('an edit of a stakeholder follows it by its id when another tab removed the one before it', async () => {
    const { server, store } = await opened();
    const omar = { signatoryId: 's1', firstName: 'Omar' };
    const sara = { signatoryId: 's2', firstName: 'Sara', lastName: 'Khan' };
    store.edit({ ...store.getSnapshot().prospect, signatoryInfo: [omar, sara] });
    await vi.advanceTimersByTimeAsync(1500);
    server.bump({ signatoryInfo: [sara] });
    store.edit({ ...store.getSnapshot().prospect, signatoryInfo: [omar, { ...sara, middleName: 'Ali' }] });
    await expect(store.continueStep('stakeholderPersonalInfo', 1)).resolves.toEqual({ ok: true });
    expect(server.document.signatoryInfo).toEqual([{ ...sara, middleName: 'Ali' }]);
    // The retried continue names Sara where she is now.
    expect(server.calls.filter((c) => c.method === 'PUT').at(-1)!.body).toMatchObject({ actionType: 'continue', signatoryIndex: 0 });
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
    expect(store.getSnapshot().notice).toBe(CONFLICT_TEXTS.en.submit);
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
    await inBrowser(async ({ win, doc }) => {
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
    });
  });

  it('holds the local copy of an edit while the next one is typed (nothing of the page between two keys), and writes it after the typed edit, when typing ends without one, or when the page is left', async () => {
    const items = new Map<string, string>();
    vi.stubGlobal('sessionStorage', { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => items.set(k, v), removeItem: (k: string) => items.delete(k) });
    await inBrowser(async ({ win }) => {
      const { store } = await opened();
      const kept = () => (JSON.parse(items.get('qa.application') ?? '{}') as { prospect?: { organizationInfo?: { companyName?: string } } }).prospect?.organizationInfo?.companyName;
      const type = (companyName: string) => store.edit({ ...store.getSnapshot().prospect, organizationInfo: { companyName } });
      // A value handed over at a typing pause, then typing on: its copy waits for the typed edit.
      type('F');
      store.typing();
      await vi.advanceTimersByTimeAsync(PERSIST_DELAY_MS * 3);
      expect(kept()).toBe('');
      type('Falcon');
      store.typed();
      expect(kept()).toBe('');
      await vi.advanceTimersByTimeAsync(PERSIST_DELAY_MS);
      expect(kept()).toBe('Falcon');
      await vi.advanceTimersByTimeAsync(2000); // saved (the server's answer writes the copy too)
      // Typed and changed back (no edit): the held copy is written once typing ends.
      type('Falcon Trading');
      store.typing();
      await vi.advanceTimersByTimeAsync(PERSIST_DELAY_MS * 3);
      expect(kept()).toBe('Falcon');
      store.typed();
      await vi.advanceTimersByTimeAsync(PERSIST_DELAY_MS);
      expect(kept()).toBe('Falcon Trading');
      // The page left while a copy is held: written at once.
      type('Falcon Trading LLC');
      store.typing();
      win.dispatchEvent(new Event('pagehide'));
      expect(kept()).toBe('Falcon Trading LLC');
    });
  });

  it('the tab back in front takes a change saved in another tab, keeps its own unsaved edits, and does not fetch again at once', async () => {
    await inBrowser(async () => {
      const { server, store } = await opened();
      const gets = () => server.calls.filter((c) => c.method === 'GET').length;
      const before = gets();
      // Nothing changed elsewhere: the copy on the page stays the same object (no re-render of the form).
      const shown = store.getSnapshot().prospect;
      await vi.advanceTimersByTimeAsync(FOCUS_REFRESH_MS);
      refreshOnFocus(store, SERVER_OWNED);
      await vi.advanceTimersByTimeAsync(10);
      expect(gets()).toBe(before + 1);
      expect(store.getSnapshot().prospect).toBe(shown);

      // Another tab saves the company name; this one has typed an answer of another section that is not valid yet
      // (not saved: a half-typed field).
      server.bump({ organizationInfo: { companyName: 'Saved in the other tab' } });
      store.edit({ ...store.getSnapshot().prospect, applicationInfo: { rakValuePackage: 'RAKvalue PLUS' } }, false);
      await vi.advanceTimersByTimeAsync(FOCUS_REFRESH_MS);
      expect(server.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
      refreshOnFocus(store, SERVER_OWNED);
      await vi.advanceTimersByTimeAsync(10);
      expect(gets()).toBe(before + 2);
      expect(store.getSnapshot()).toMatchObject({
        version: 2,
        dirty: true,
        notice: undefined,
        prospect: { organizationInfo: { companyName: 'Saved in the other tab' }, applicationInfo: { rakValuePackage: 'RAKvalue PLUS' } },
      });
      // Back again within FOCUS_REFRESH_MS: no second fetch.
      refreshOnFocus(store, SERVER_OWNED);
      await vi.advanceTimersByTimeAsync(10);
      expect(gets()).toBe(before + 2);
      // Once valid, the edit is saved against the version the page now shows (no 409).
      store.edit({ ...store.getSnapshot().prospect, applicationInfo: { rakValuePackage: 'RAKvalue MAX' } });
      await vi.advanceTimersByTimeAsync(1500);
      expect(server.calls.filter((c) => c.method === 'PUT').map((c) => c.body!.version)).toEqual([2]);
      expect(server.document).toMatchObject({ organizationInfo: { companyName: 'Saved in the other tab' }, applicationInfo: { rakValuePackage: 'RAKvalue MAX' } });
    });
  });

  it('on focus, with nothing unsaved, shows the other tab`s saved change; two events at once fetch once', async () => {
    await inBrowser(async () => {
      const { server, store } = await opened();
      // Well past the last refresh of the tests before (the throttle is the module's, as the tab's).
      await vi.advanceTimersByTimeAsync(10 * FOCUS_REFRESH_MS);
      server.bump({ organizationInfo: { companyName: 'Saved in the other tab' } });
      const before = server.calls.filter((c) => c.method === 'GET').length;
      // Switching back to the tab fires both visibilitychange and focus (src/app/features/application/refreshOnFocus.ts).
      refreshOnFocus(store, SERVER_OWNED);
      refreshOnFocus(store, SERVER_OWNED);
      await vi.advanceTimersByTimeAsync(10);
      expect(server.calls.filter((c) => c.method === 'GET').length).toBe(before + 1);
      expect(store.getSnapshot()).toMatchObject({ version: 2, dirty: false, prospect: { organizationInfo: { companyName: 'Saved in the other tab' } } });
      expect(server.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    });
  });

  describe('a page load (reload, a new tab with the kept copy)', () => {
    const items = new Map<string, string>();
    beforeEach(() => {
      items.clear();
      vi.stubGlobal('sessionStorage', { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => items.set(k, v), removeItem: (k: string) => items.delete(k) });
    });
    afterEach(() => vi.unstubAllGlobals());

    /** The same tab after F5: a new store from session storage, connected to the same server. */
    function reloaded(server: ReturnType<typeof fakeServer>) {
      const store = new ApplicationStore();
      store.connect(server.api, { refreshToken: 'r' });
      return store;
    }

    it('shows the server\'s current copy, not the kept one, and saves the next edit on the current version', async () => {
      const { server, store } = await opened();
      store.edit({ ...store.getSnapshot().prospect, organizationInfo: { companyName: 'Falcon', noOfEmployees: 12 } });
      await vi.advanceTimersByTimeAsync(1500);
      server.bump({ organizationInfo: { companyName: 'Falcon', noOfEmployees: 13 } }); // another tab
      const after = reloaded(server);
      // The kept copy paints first...
      expect(after.getSnapshot()).toMatchObject({ version: 2, prospect: { organizationInfo: { noOfEmployees: 12 } } });
      await vi.advanceTimersByTimeAsync(0);
      // ...and is replaced by the server's.
      expect(after.getSnapshot()).toMatchObject({ version: 3, dirty: false, prospect: { organizationInfo: { noOfEmployees: 13 } } });
      after.edit({ ...after.getSnapshot().prospect, relationships: { country: 'AE' } });
      await vi.advanceTimersByTimeAsync(1500);
      expect(server.calls.filter((c) => c.method === 'PUT').at(-1)!.body).toMatchObject({ version: 3 });
      expect(server.document).toMatchObject({ organizationInfo: { noOfEmployees: 13 }, relationships: { country: 'AE' } });
    });

    it('an edit kept unsaved across the reload is rebased onto the server\'s copy and saved; an edit made before the server answered waits for it', async () => {
      const { server, store } = await opened();
      server.failures.push(new TypeError('Failed to fetch'));
      store.edit({ ...store.getSnapshot().prospect, relationships: { country: 'AE' } });
      await vi.advanceTimersByTimeAsync(1000);
      store.persist();
      store.connect((() => new Promise(() => {})) as ApiCall, { refreshToken: 'r' }); // the page before the reload is gone
      server.bump({ organizationInfo: { companyName: '', noOfEmployees: 13 } });
      const after = reloaded(server);
      after.edit({ ...after.getSnapshot().prospect, relationships: { country: 'AE', yes: true } });
      await vi.advanceTimersByTimeAsync(2000);
      const puts = server.calls.filter((c) => c.method === 'PUT');
      // No save left with the kept copy's version: the first one after the reload is on the server's current one.
      expect(puts.at(-1)!.body).toMatchObject({ version: 2 });
      expect(puts.filter((c) => c.body!.version === 1)).toHaveLength(1);
      expect(server.document).toMatchObject({ organizationInfo: { noOfEmployees: 13 }, relationships: { country: 'AE', yes: true } });
      expect(after.getSnapshot()).toMatchObject({ dirty: false, saveState: 'saved' });
    });

    it('an answer a conflict kept unsaved stays unsaved after a reload: asked about again, nothing saved over the other change until Continue', async () => {
      const { server, store } = await opened();
      // Tab 1 saved its company name; this tab (tab 2) types another one: its automatic save meets the newer version.
      server.bump({ organizationInfo: { companyName: 'Tab One LLC' } });
      store.edit({ ...store.getSnapshot().prospect, organizationInfo: { companyName: 'Tab Two LLC' } });
      await vi.advanceTimersByTimeAsync(2000);
      expect(store.getSnapshot()).toMatchObject({ notice: CONFLICT_TEXTS.en.kept, noticeFields: ['organizationInfo.companyName'], saveState: 'pending' });
      const putsBefore = server.calls.filter((c) => c.method === 'PUT').length;
      store.connect((() => new Promise(() => {})) as ApiCall, { refreshToken: 'r' }); // the page before the reload is gone

      const after = reloaded(server);
      await vi.advanceTimersByTimeAsync(AUTO_SAVE_INTERVAL_MS + 2000);
      // Nothing saved over tab 1's answer, the applicant's still on screen, the notice and its answer still there.
      expect(server.calls.filter((c) => c.method === 'PUT')).toHaveLength(putsBefore);
      expect(server.document).toMatchObject({ organizationInfo: { companyName: 'Tab One LLC' } });
      expect(after.getSnapshot()).toMatchObject({
        dirty: true,
        saveState: 'pending',
        notice: CONFLICT_TEXTS.en.kept,
        noticeFields: ['organizationInfo.companyName'],
        prospect: { organizationInfo: { companyName: 'Tab Two LLC' } },
      });
      // A second reload too; then Continue saves the applicant's answer.
      after.connect((() => new Promise(() => {})) as ApiCall, { refreshToken: 'r' });
      const again = reloaded(server);
      await vi.advanceTimersByTimeAsync(AUTO_SAVE_INTERVAL_MS + 2000);
      expect(server.document).toMatchObject({ organizationInfo: { companyName: 'Tab One LLC' } });
      await expect(again.continueStep('companyDetails')).resolves.toEqual({ ok: true });
      expect(server.document).toMatchObject({ organizationInfo: { companyName: 'Tab Two LLC' } });
      expect(again.getSnapshot()).toMatchObject({ dirty: false, saveState: 'saved' });
    });

    it('after a reload into a session that ended elsewhere (401), an unsaved answer is never said to be saved', async () => {
      const { server, store } = await opened();
      server.failures.push(new TypeError('Failed to fetch'));
      store.edit({ ...store.getSnapshot().prospect, organizationInfo: { companyName: 'Unsaved LLC' } });
      await vi.advanceTimersByTimeAsync(1000);
      store.persist();
      store.connect((() => new Promise(() => {})) as ApiCall, { refreshToken: 'r' });
      // Logged out in the other tab: the reload's load and save both answer 401.
      server.failures.push(new SessionExpiredError(), new SessionExpiredError());
      const after = reloaded(server);
      await vi.advanceTimersByTimeAsync(3000);
      expect(server.document).toMatchObject({ organizationInfo: { companyName: '' } });
      expect(after.getSnapshot()).toMatchObject({ dirty: true, saveState: 'ended', prospect: { organizationInfo: { companyName: 'Unsaved LLC' } } });
    });
  });
});
