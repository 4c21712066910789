// The SMTP side of the test e-mail: nodemailer over SMTP_URL. `verify()` first, so a refused login or a
// failed TLS handshake comes back as what it is ("Invalid login: 535 ...", a certificate error) and not
// as a failure of the message; then the message itself, whose answer SMTP gives back.
import nodemailer from 'nodemailer';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Resolves with SMTP's acceptance; rejects with SMTP's (or the network's) reason. */
  send(mail: OutgoingMail): Promise<{ messageId: string; response: string }>;
  close(): void;
}

/** The admin waits for the answer: a server that does not answer is a failure within seconds, not minutes. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

export const smtpMailer = (smtpUrl: string): Mailer => {
  const transport = nodemailer.createTransport({ url: smtpUrl, ...TIMEOUTS });
  return {
    async send(mail) {
      await transport.verify();
      const info = await transport.sendMail(mail);
      return { messageId: info.messageId, response: info.response };
    },
    close: () => transport.close(),
  };
};

/** What SMTP said, as one line: nodemailer's message carries the server's code and text. */
export const smtpReason = (error: unknown): string => {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  const message = error.message.replace(/\s+/g, ' ').trim();
  return typeof code === 'string' && !message.includes(code) ? `${message} (${code})` : message;
};
