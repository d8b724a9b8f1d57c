import { DEFAULT_LOCALE, type Locale } from '../../content/i18n/locales';
import type { MessageSender, SmtpSender } from './messageSender';
import { otpTexts } from './messageTexts';

export interface OtpMessage {
  countryCode: string;
  mobileNo: string;
  email: string;
  code: string;
  expiresInSeconds: number;
  /** The language the applicant asked for the code in (English when not given). */
  locale?: Locale;
}

/** Delivers a one-time code to the applicant (by SMS and e-mail). */
export interface OtpDelivery {
  deliver(message: OtpMessage): Promise<void>;
}

/** The SMS recipient as written to the outbox: the MSISDN (country code and number, no "+": safe in a URL). */
export const smsRecipient = (countryCode: string, mobileNo: string) => `${countryCode}${mobileNo}`;

/** Sends the code by SMS and by e-mail, in the applicant's language, through a MessageSender (which picks the transport of each channel). */
export class SenderDelivery implements OtpDelivery {
  constructor(private readonly sender: MessageSender) {}

  async deliver(m: OtpMessage): Promise<void> {
    const t = otpTexts(m.code, m.expiresInSeconds, m.locale ?? DEFAULT_LOCALE);
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
