/**
 * A customer's sign-in against a running server, over HTTP as the browser does it (development outbox for
 * the code): device token, code generated and read, verified, customer tokens. Used by the end-to-end
 * durability test and the save benchmark.
 */
import { decryptResponse, encryptRequest, importPublicKey } from '../../src/shared/envelope';

export interface Applicant {
  email: string;
  countryCode: string;
  mobileNo: string;
}

async function json(res: Response): Promise<Record<string, unknown>> {
  const text = await res.text();
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${text}`);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

export async function signInCustomer(url: string, applicant: Applicant, deviceId: string): Promise<{ accessToken: string; refreshToken: string }> {
  const form = (o: Record<string, string>) => new URLSearchParams(o).toString();
  const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };
  const device = await json(
    await fetch(`${url}/api/onboarding/pre-login/oauth2/token`, {
      method: 'POST',
      headers: formHeaders,
      body: form({ client_id: 'quick-apply-web', device_id: deviceId, unique_id: 'u1' }),
    }),
  );
  const auth = { authorization: `Bearer ${device.access_token as string}` };
  const config = await json(await fetch(`${url}/api/config`));
  const publicKey = await importPublicKey(config.publicKey as string);
  // JSON bodies go encrypted, as the browser sends them (the server accepts them also with ENCRYPTION=off).
  const otp = async (payload: unknown) => {
    const sealed = await encryptRequest(publicKey, payload, { method: 'POST', path: '/api/otp' });
    const res = await fetch(`${url}/api/otp`, { method: 'POST', headers: { ...auth, ...sealed.headers }, body: JSON.stringify(sealed.payload) });
    const answer = await json(res);
    return res.headers.get('x-encrypted') ? ((await decryptResponse(sealed.key, answer)) as Record<string, unknown>) : answer;
  };
  await otp({ action: 'generate', ...applicant });
  const outbox = await json(await fetch(`${url}/api/dev/outbox?recipient=${applicant.countryCode}${applicant.mobileNo}&limit=1`));
  const otpToken = /\b(\d{6})\b/.exec((outbox.messages as { body: string }[])[0]?.body ?? '')?.[1];
  if (!otpToken) throw new Error('no one-time code in the outbox');
  const verified = await otp({ action: 'verify', ...applicant, otpToken, deviceId });
  if (verified.verified !== true) throw new Error('one-time code not verified');
  const tokens = await json(
    await fetch(`${url}/api/onboarding/post-login/oauth2/token`, {
      method: 'POST',
      headers: { ...formHeaders, authorization: auth.authorization },
      body: form({ client_id: 'quick-apply-web', resource_type: 'customer', device_id: deviceId, unique_id: 'u1' }),
    }),
  );
  return { accessToken: tokens.access_token as string, refreshToken: tokens.refresh_token as string };
}
