import type { MessageSender, SmtpSender } from './messageSender';

export interface OtpMessage {
  countryCode: string;
  mobileNo: string;
  email: string;
  code: string;
  expiresInSeconds: number;
}

/** Delivers a one-time code to the applicant (by SMS and e-mail). */
export interface OtpDelivery {
  deliver(message: OtpMessage): Promise<void>;
}

/** The SMS recipient as written to the outbox: the MSISDN (country code and number, no "+": safe in a URL). */
export const smsRecipient = (countryCode: string, mobileNo: string) => `${countryCode}${mobileNo}`;

function texts(m: OtpMessage) {
  const minutes = Math.max(1, Math.round(m.expiresInSeconds / 60));
  const validity = m.expiresInSeconds < 60 ? `${m.expiresInSeconds} seconds` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return {
    sms: `${m.code} is your Quick Apply one-time code. It expires in ${validity}. Never share it with anyone.`,
    subject: 'Your Quick Apply one-time code',
    email: `Your one-time code is ${m.code}.\n\nIt expires in ${validity}. The bank will never ask you for this code.\nIf you did not ask for it, please ignore this e-mail.`,
  };
}

/** Sends the code by SMS and by e-mail through a MessageSender (which picks the transport of each channel). */
export class SenderDelivery implements OtpDelivery {
  constructor(private readonly sender: MessageSender) {}

  async deliver(m: OtpMessage): Promise<void> {
    const t = texts(m);
    await this.sender.send({ channel: 'sms', recipient: smsRecipient(m.countryCode, m.mobileNo), subject: '', body: t.sms });
    await this.sender.send({ channel: 'email', recipient: m.email, subject: t.subject, body: t.email });
  }
}

/** The e-mail through SMTP, the SMS through SmtpSender's fallback (the SMS transport). */
export class SmtpDelivery extends SenderDelivery {
  constructor(smtp: SmtpSender) {
    super(smtp);
  }
}
