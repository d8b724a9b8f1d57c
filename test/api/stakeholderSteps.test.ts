import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { setToday } from '../../src/validation/clock';
import { describeEachDatabase, startApp } from './helpers';

type Json = Record<string, unknown>;

/** A person stakeholder whose personal information step is complete. */
const person = (signatoryId: string, isSignatory: boolean | undefined): Json => ({
  signatoryId,
  salutation: 'MS.',
  firstName: 'Layla',
  lastName: 'Haddad',
  fullName: 'Layla Haddad',
  kycDetails: { isShareholderACompany: false, dateOfBirth: '1985-04-15', isPEP: false, ...(isSignatory === undefined ? {} : { isSignatory }) },
  ...(isSignatory ? { accountSigningInfo: { authorityType: '4' } } : {}),
});

// Spec 001 §4 on the server, where step completion is kept (freeField5 is the server's): removing a stakeholder
// deletes its steps, becoming a signatory (false -> true) reopens its completed steps.
describeEachDatabase('stakeholder step completion', (db) => {
  let app: FastifyInstance;
  let token: string;
  const put = (id: string, payload: Json) =>
    app.inject({ method: 'PUT', url: `/api/usertypes/sme/prospects/${id}`, headers: { authorization: `Bearer ${token}` }, payload });
  const steps = (answer: { completedSteps: { flowId: string; step: string; status: string; signatoryId?: string }[] }, signatoryId: string) =>
    answer.completedSteps.filter((s) => s.signatoryId === signatoryId).map((s) => `${s.step}:${s.status}`);

  beforeAll(async () => {
    setToday('2026-01-15');
    app = await startApp(db(), { encryption: 'off' });
    token = ((await app.tokenService.issue({ sub: 'c:971501234567', kind: 'customer', roles: ['customer'], countryCode: '971', mobile: '501234567', email: 'layla@falcon.ae' } as never)) as { access_token: string }).access_token;
  });
  afterAll(async () => {
    setToday(null);
    await app.close();
    await db().cleanup();
  });

  const create = (signatoryInfo: Json[]) =>
    app.inject({
      method: 'POST',
      url: '/api/usertypes/sme/prospects',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        applicantInfo: { fullName: 'Layla Haddad', email: 'layla@falcon.ae', countryCode: '971', mobileNo: '501234567', applyOnbehalf: false },
        applicationInfo: { accountType: 'currentAccount', islamicBanking: false },
        signatoryInfo,
      },
    });

  async function prospectWith(signatoryInfo: Json[]) {
    const res = await create(signatoryInfo);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { prospectId: string; version: number; prospect: Json };
  }

  it('a stakeholder who becomes a signatory gets its completed steps back as AVAILABLE; the step continued is COMPLETED', async () => {
    const created = await prospectWith([person('a', false)]);
    let res = await put(created.prospectId, { prospect: { signatoryInfo: [person('a', false)] }, saveType: 'save', actionType: 'continue', step: 'stakeholderPersonalInfo', signatoryIndex: 0, version: created.version });
    expect(res.statusCode, res.body).toBe(200);
    let answer = res.json();
    res = await put(created.prospectId, { prospect: { signatoryInfo: [person('a', false)] }, saveType: 'save', actionType: 'continue', step: 'stakeholderSignatory', signatoryIndex: 0, version: answer.version });
    answer = res.json();
    expect(steps(answer, 'a')).toEqual(['stakeholderPersonalInfo:COMPLETED', 'stakeholderSignatory:COMPLETED']);

    // An automatic save with the answer changed to "yes": both steps reopen.
    res = await put(created.prospectId, { prospect: { signatoryInfo: [person('a', true)] }, saveType: 'auto', version: answer.version });
    expect(res.statusCode, res.body).toBe(200);
    answer = res.json();
    expect(steps(answer, 'a')).toEqual(['stakeholderPersonalInfo:AVAILABLE', 'stakeholderSignatory:AVAILABLE']);

    // Continuing the signatory step completes it again; staying a signatory reopens nothing more.
    res = await put(created.prospectId, { prospect: { signatoryInfo: [person('a', true)] }, saveType: 'save', actionType: 'continue', step: 'stakeholderSignatory', signatoryIndex: 0, version: answer.version });
    answer = res.json();
    expect(steps(answer, 'a')).toEqual(['stakeholderPersonalInfo:AVAILABLE', 'stakeholderSignatory:COMPLETED']);
  });

  it('answering "signatory" for the first time reopens nothing', async () => {
    const created = await prospectWith([person('a', undefined)]);
    let res = await put(created.prospectId, { prospect: { signatoryInfo: [person('a', undefined)] }, saveType: 'save', actionType: 'continue', step: 'stakeholderPersonalInfo', signatoryIndex: 0, version: created.version });
    let answer = res.json();
    res = await put(created.prospectId, { prospect: { signatoryInfo: [person('a', true)] }, saveType: 'save', actionType: 'continue', step: 'stakeholderSignatory', signatoryIndex: 0, version: answer.version });
    expect(res.statusCode, res.body).toBe(200);
    answer = res.json();
    expect(steps(answer, 'a')).toEqual(['stakeholderPersonalInfo:COMPLETED', 'stakeholderSignatory:COMPLETED']);
  });

  it('a sole proprietor holds 100 %: a save sending 50, in one save with the authority or after it, stores 100', async () => {
    const sole = (pct: number, authorityType = '1'): Json => ({
      ...person('a', true),
      accountSigningInfo: { authorityType },
      kycDetails: { ...(person('a', true).kycDetails as Json), isShareholder: true, shareHoldingPercentage: pct },
    });
    const held = (answer: { prospect: { signatoryInfo: Json[] } }) => (answer.prospect.signatoryInfo[0]!.kycDetails as Json).shareHoldingPercentage;
    const created = await prospectWith([sole(50, '4')]);
    expect(held(created as never)).toBe(50);
    // The authority becomes "Sole proprietor" with 50 sent in the same save (the step's Continue).
    let res = await put(created.prospectId, { prospect: { signatoryInfo: [sole(50)] }, saveType: 'save', actionType: 'continue', step: 'stakeholderShareholding', signatoryIndex: 0, version: created.version });
    expect(res.statusCode, res.body).toBe(200);
    expect(held(res.json())).toBe(100);
    // 50 sent again later (the field read-only in the form: a forged or stale save) is not kept either.
    for (const saveType of ['auto', 'save'] as const) {
      res = await put(created.prospectId, { prospect: { signatoryInfo: [sole(50)] }, saveType, ...(saveType === 'save' ? { actionType: 'continue', step: 'stakeholderShareholding', signatoryIndex: 0 } : {}), version: res.json().version });
      expect(res.statusCode, res.body).toBe(200);
      expect(held(res.json())).toBe(100);
    }
  });

  it('removing a stakeholder deletes its steps and keeps the others', async () => {
    const created = await prospectWith([person('a', false), person('b', false)]);
    let version = created.version;
    for (const [index] of [[0], [1]]) {
      const res = await put(created.prospectId, { prospect: { signatoryInfo: [person('a', false), person('b', false)] }, saveType: 'save', actionType: 'continue', step: 'stakeholderPersonalInfo', signatoryIndex: index, version });
      expect(res.statusCode, res.body).toBe(200);
      version = res.json().version;
    }
    const res = await put(created.prospectId, { prospect: { signatoryInfo: [person('b', false)] }, saveType: 'auto', version });
    const answer = res.json();
    expect(steps(answer, 'a')).toEqual([]);
    expect(steps(answer, 'b')).toEqual(['stakeholderPersonalInfo:COMPLETED']);
  });

  it('two stakeholders of one id are refused (steps and documents follow a stakeholder by its id): 400 naming the later one (QA walk)', async () => {
    const created = await prospectWith([person('a', false)]);
    const res = await put(created.prospectId, { prospect: { signatoryInfo: [person('a', false), person('a', false)] }, saveType: 'auto', version: created.version });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual([expect.objectContaining({ field: 'prospect.signatoryInfo[1].signatoryId', message: expect.stringMatching(/^Stakeholder id is already used by another stakeholder/) })]);
    const created2 = await create([person('b', false), person('b', false)]);
    expect(created2.statusCode, created2.body).toBe(400);
  });
});
