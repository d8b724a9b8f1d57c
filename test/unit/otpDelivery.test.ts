import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { type MailTransport, type MessageSender, type OutboxMessage, OutboxSender, SmtpSender } from '../../src/server/messaging/messageSender';
import { SmtpDelivery } from '../../src/server/messaging/otpDelivery';

describe('SmtpDelivery', () => {
  it('e-mails the code through nodemailer and leaves the SMS to the outbox', async () => {
    const mails: { envelope: { to: string[] }; message: string }[] = [];
    const json = nodemailer.createTransport({ jsonTransport: true });
    const transport: MailTransport = { sendMail: async (m) => mails.push((await json.sendMail(m)) as never) };
    const fallback: OutboxMessage[] = [];
    const outbox: MessageSender = { send: async (m) => void fallback.push(m) };
    const delivery = new SmtpDelivery(new SmtpSender(transport, 'Bank <no-reply@bank.example>', outbox as OutboxSender));
    await delivery.deliver({ countryCode: '971', mobileNo: '501234567', email: 'aisha@falcon.ae', code: '042517', expiresInSeconds: 300 });

    expect(mails).toHaveLength(1);
    expect(mails[0]!.envelope.to).toEqual(['aisha@falcon.ae']);
    const message = JSON.parse(mails[0]!.message);
    expect(message.subject).toBe('Your Quick Apply one-time code');
    expect(message.text).toContain('042517');
    expect(message.text).toContain('5 minutes');
    expect(fallback).toEqual([{ channel: 'sms', recipient: '971501234567', subject: '', body: expect.stringContaining('042517') }]);
  });
});
