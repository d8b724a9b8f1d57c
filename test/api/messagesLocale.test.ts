import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { localizedContent } from '../../src/content/compiledContent';
import { fillMessage, labelOf } from '../../src/content/lifecycle';
import { deviceToken } from './authHelpers';
import { describeEachDatabase, startApp } from './helpers';

type Json = Record<string, unknown>;
const ARABIC = /[\u0600-\u06FF]/;

/**
 * The messages sent to the applicant speak their language: the one-time code in the language of the request that
 * asked for it, the status e-mails and SMS in the language of the applicant's latest save (whatever the agent who
 * moves the application uses).
 */
describeEachDatabase('messages in the applicant\'s language', (db) => {
  let app: FastifyInstance;
  let owner: string;
  let agent: string;
  const applicant = { fullName: 'Aisha Al Mansoori', email: 'aisha.ar@falcon.ae', countryCode: '971', mobileNo: '501239876', applyOnbehalf: false };

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown, locale?: string) =>
    app.inject({ method, url, headers: { authorization: `Bearer ${token}`, ...(locale ? { 'accept-language': locale } : {}) }, ...(payload === undefined ? {} : { payload: payload as Json }) });
  const outbox = async (recipient: string) => app.database.db.selectFrom('outbox').selectAll().where('recipient', '=', recipient).orderBy('created_at').execute();
  const localeOf = async (id: string) => (await app.database.db.selectFrom('prospects').select('locale').where('id', '=', id).executeTakeFirstOrThrow()).locale;

  beforeAll(async () => {
    app = await startApp(db(), { encryption: 'off' });
    const issue = async (p: Json) => ((await app.tokenService.issue(p as never)) as { access_token: string }).access_token;
    owner = await issue({ sub: 'c:aisha', kind: 'customer', roles: ['customer'], countryCode: '971', mobile: applicant.mobileNo, email: applicant.email });
    agent = await issue({ sub: 'u:ro1', kind: 'staff', roles: ['agent'], roCode: 'RO123', name: 'Omar' });
  });
  afterAll(async () => {
    await app.close();
    await db().cleanup();
  });

  it('sends the one-time code in the language of the request (Arabic SMS and e-mail), English without one', async () => {
    const who = { email: 'code.ar@falcon.ae', countryCode: '971', mobileNo: '501230001' };
    const device = await deviceToken(app, 'dev-code-ar');
    expect((await call('POST', '/api/otp', device.access_token, { action: 'generate', ...who }, 'ar-AE,ar;q=0.9,en;q=0.5')).statusCode).toBe(200);
    const [sms] = await outbox('971501230001');
    const [mail] = await outbox('code.ar@falcon.ae');
    const code = /\b(\d{6})\b/.exec(sms!.body)![1]!;
    expect(sms!.body).toBe(`${code} هو رمز التحقق لمرة واحدة من Quick Apply، وتنتهي صلاحيته خلال 5 دقائق. لا تشاركه مع أي شخص.`);
    expect(mail!.subject).toBe('رمز التحقق لمرة واحدة من Quick Apply');
    expect(mail!.body).toContain(`رمز التحقق لمرة واحدة الخاص بك هو ${code}.`);

    const english = await deviceToken(app, 'dev-code-en');
    const other = { email: 'code.en@falcon.ae', countryCode: '971', mobileNo: '501230002' };
    expect((await call('POST', '/api/otp', english.access_token, { action: 'generate', ...other })).statusCode).toBe(200);
    const [smsEn] = await outbox('971501230002');
    expect(smsEn!.body).toMatch(/^\d{6} is your Quick Apply one-time code\. It expires in 5 minutes\./);
    expect(smsEn!.body).not.toMatch(ARABIC);
  });

  it('remembers the language of the applicant\'s latest save, and sends the status messages in it when an agent moves the application', async () => {
    const created = await call('POST', '/api/usertypes/sme/prospects', owner, { applicantInfo: applicant, applicationInfo: { accountType: 'currentAccount', islamicBanking: false } }, 'ar');
    expect(created.statusCode, created.body).toBe(201);
    const { prospectId, version } = created.json() as { prospectId: string; version: number };
    expect(await localeOf(prospectId)).toBe('ar');
    // The applicant switches to English for a save, then back to Arabic: the latest choice counts.
    const english = await call('PUT', `/api/usertypes/sme/prospects/${prospectId}`, owner, { prospect: { organizationInfo: { companyName: 'Falcon Trading LLC' } }, saveType: 'auto', version }, 'en');
    expect(english.statusCode, english.body).toBe(200);
    expect(await localeOf(prospectId)).toBe('en');
    const arabic = await call('PUT', `/api/usertypes/sme/prospects/${prospectId}`, owner, { prospect: { organizationInfo: { companyName: 'Falcon Trading LLC' } }, saveType: 'auto', version: english.json().version }, 'ar');
    expect(arabic.statusCode, arabic.body).toBe(200);
    expect(await localeOf(prospectId)).toBe('ar');

    // Submitted (as a submit would leave it); the agent, working in English, starts the assessment with a note.
    const row = await app.database.db.selectFrom('prospects').select('document').where('id', '=', prospectId).executeTakeFirstOrThrow();
    const document = { ...row.document, prospectStatusInfo: { status: 'SUBMITTED', statusNotes: 'Submitted', history: [] } };
    await app.database.db.updateTable('prospects').set({ status: 'SUBMITTED', document: JSON.stringify(document) }).where('id', '=', prospectId).execute();
    const moved = await call('POST', `/api/prospects/${prospectId}/status`, agent, { to: 'ASSESSING', note: 'We will call you tomorrow' }, 'en');
    expect(moved.statusCode, moved.body).toBe(200);

    const inArabic = localizedContent(await app.contentStore.current(), 'ar').built.lifecycle!;
    const notify = inArabic.states.ASSESSING!.notify!;
    const mail = (await outbox(applicant.email)).at(-1)!;
    const values = { prospectId, status: labelOf(inArabic, 'ASSESSING'), note: '\n\nرسالة من البنك: We will call you tomorrow', reason: '', documents: '', accounts: '' };
    expect(mail.subject).toBe(fillMessage(notify.subject, values));
    expect(mail.body).toBe(fillMessage(notify.email, values));
    expect(mail.body).toContain('رسالة من البنك: We will call you tomorrow');
    const sms = (await outbox(`971${applicant.mobileNo}`)).at(-1)!;
    expect(sms.body).toBe(fillMessage(notify.sms, values));
    // Nothing English is said about the note: the bank's own words around it are Arabic.
    expect(mail.body).not.toContain('Message from the bank');
  });
});
