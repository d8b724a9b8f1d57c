import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiCall } from '../../src/app/features/application/contract';

type Step = string;

/**
 * The end of an applicant's session (src/app/features/session/session.ts endSession), shared by Logout and the
 * inactivity countdown: the pending edit is sent while the token still works, then the tab forgets the session,
 * the application and the draft, and the server revokes the tokens.
 */
describe('ending a session (Logout, the inactivity countdown at zero)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('sends the pending edit first, then forgets the tokens, the application and the draft, then revokes the session on the server', { timeout: 60_000 }, async () => {
    const items = new Map<string, string>([['qa.draftProspect', '{"applicantInfo":{"fullName":"Sara"}}']]);
    vi.stubGlobal('sessionStorage', { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => items.set(k, v), removeItem: (k: string) => items.delete(k) });
    const steps: Step[] = [];
    vi.stubGlobal('fetch', async (url: string, init: { method?: string; body?: URLSearchParams; headers?: Record<string, string> }) => {
      steps.push(`${init.method} ${url} ${init.headers?.authorization ?? ''} ${init.body?.get('refresh_token') ?? ''}`.trim());
      return new Response(null, { status: 204 });
    });
    const { endSession } = await import('../../src/app/features/session/session');
    const { applicationStore } = await import('../../src/app/features/application/store');
    const store = applicationStore();
    let version = 1;
    const api = (async (url: string, options: { method?: string } = {}) => {
      steps.push(`${options.method ?? 'GET'} ${url}`);
      if (options.method === 'PUT') version += 1;
      return { status: 200, headers: new Headers(), body: { prospectId: 'P-1', version, status: 'DRAFT', prospect: { organizationInfo: { companyName: 'Typed LLC' } } } };
    }) as ApiCall;
    store.connect(api, { refreshToken: 'r' });
    await store.open('P-1');
    store.edit({ organizationInfo: { companyName: 'Typed LLC' } });
    expect(items.get('qa.application')).toBeDefined();

    await endSession({ kind: 'customer', accessToken: 'a', refreshToken: 'r' }, () => steps.push('forget'));

    expect(steps).toEqual(['GET /api/usertypes/sme/prospects/P-1', 'PUT /api/usertypes/sme/prospects/P-1', 'forget', 'POST /api/onboarding/logout Bearer a r']);
    expect(store.getSnapshot()).toMatchObject({ prospectId: undefined, prospect: undefined, dirty: false });
    expect([...items.keys()]).toEqual([]);
    store.queue?.dispose();
  });
});
