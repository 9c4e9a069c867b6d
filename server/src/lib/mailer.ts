import { receiptDate } from '@pulso/shared';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  /** Files sent with the message (a receipt's PDF). */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface Mailer {
  /** True when mail really leaves the server (SMTP_URL set). */
  readonly delivering: boolean;
  send(mail: Mail): Promise<void>;
}

/**
 * nodemailer through SMTP_URL; without it every message is written to the log, so development and
 * tests never need a mail account.
 */
export function createMailer(options: { smtpUrl?: string; from: string }, logger: Pick<Logger, 'info'>): Mailer {
  if (!options.smtpUrl) {
    return {
      delivering: false,
      async send(mail) {
        logger.info(
          {
            mail: {
              to: mail.to,
              subject: mail.subject,
              replyTo: mail.replyTo,
              text: mail.text,
              attachments: mail.attachments?.map((a) => `${a.filename} (${a.content.length} bytes)`),
            },
          },
          'e-mail (SMTP_URL not set)',
        );
      },
    };
  }
  const url = new URL(options.smtpUrl);
  for (const [key, value] of Object.entries({
    connectionTimeout: '10000',
    greetingTimeout: '10000',
    socketTimeout: '20000',
  })) {
    if (!url.searchParams.has(key)) url.searchParams.set(key, value);
  }
  const transport: Transporter = nodemailer.createTransport(url.toString());
  return {
    delivering: true,
    async send(mail) {
      await transport.sendMail({ from: options.from, ...mail });
    },
  };
}

/** A date as the e-mails write it: '16/02/2027' (the day of its instant in UTC), as receipts do. */
export const mailDate = receiptDate;

/** An amount as the e-mails write it: '79.99 USD'. */
export const mailAmount = (amount: number, currency: string) => `${amount.toFixed(2)} ${currency.toUpperCase()}`;
