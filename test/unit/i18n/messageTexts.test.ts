import { describe, expect, it } from 'vitest';
import { duration, noteLine, otpTexts } from '../../../src/server/messaging/messageTexts';
import type { MessageSender, OutboxMessage } from '../../../src/server/messaging/messageSender';
import { SenderDelivery } from '../../../src/server/messaging/otpDelivery';

describe('the words of the messages the server writes', () => {
  it('say a duration with Arabic plural forms (one, two, 3-10, 11 and more) and English ones', () => {
    expect([60, 120, 180, 600, 660, 6000].map((s) => duration(s, 'ar'))).toEqual(['دقيقة واحدة', 'دقيقتين', '3 دقائق', '10 دقائق', '11 دقيقة', '100 دقيقة']);
    expect([1, 2, 5, 30].map((s) => duration(s, 'ar'))).toEqual(['ثانية واحدة', 'ثانيتين', '5 ثوانٍ', '30 ثانية']);
    expect([30, 60, 300].map((s) => duration(s, 'en'))).toEqual(['30 seconds', '1 minute', '5 minutes']);
  });

  it('send the one-time code in the chosen language, by SMS and e-mail; English when none is given', async () => {
    const sent: OutboxMessage[] = [];
    const sender: MessageSender = { send: async (m) => void sent.push(m) };
    await new SenderDelivery(sender).deliver({ countryCode: '971', mobileNo: '501234567', email: 'aisha@falcon.ae', code: '042517', expiresInSeconds: 120, locale: 'ar' });
    expect(sent[0]).toEqual({ channel: 'sms', recipient: '971501234567', subject: '', body: '042517 هو رمز التحقق لمرة واحدة من Quick Apply، وتنتهي صلاحيته خلال دقيقتين. لا تشاركه مع أي شخص.' });
    expect(sent[1]).toMatchObject({ channel: 'email', recipient: 'aisha@falcon.ae', subject: 'رمز التحقق لمرة واحدة من Quick Apply' });
    expect(sent[1]!.body).toContain('لن يطلب منك البنك هذا الرمز أبدًا');
    await new SenderDelivery(sender).deliver({ countryCode: '971', mobileNo: '501234567', email: 'aisha@falcon.ae', code: '042517', expiresInSeconds: 60 });
    expect(sent[2]!.body).toBe('042517 is your Quick Apply one-time code. It expires in 1 minute. Never share it with anyone.');
    expect(otpTexts('042517', 300, 'en').subject).toBe('Your Quick Apply one-time code');
  });

  it("introduce the bank's note in the applicant's language, and say nothing without one", () => {
    expect(noteLine('Please call us', 'ar')).toBe('\n\nرسالة من البنك: Please call us');
    expect(noteLine('Please call us', 'en')).toBe('\n\nMessage from the bank: Please call us');
    expect(noteLine(undefined, 'ar')).toBe('');
  });
});
