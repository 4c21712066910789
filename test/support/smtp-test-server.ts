// A real SMTP server (smtp-server, nodemailer's own) for the tests of outgoing e-mail: it takes a login
// and keeps every message it accepts, envelope and raw text. The password it accepts is the test's to
// change, so one server shows both an accepted login and a refused one.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string | null;
  to: string[];
  /** The message as sent (headers and body). */
  raw: string;
}

export interface SmtpTestServer {
  /** For SMTP_URL: smtp://user:password@127.0.0.1:port */
  url: string;
  received: ReceivedMail[];
  /** The password the next logins must give (the URL's, until changed). */
  acceptPassword(password: string): void;
  close(): Promise<void>;
}

export const SMTP_USER = 'mailer';
const SMTP_PASSWORD = 'mail-secret';
/** smtp-server answers a refused login with 535 and this text. */
export const SMTP_AUTH_REFUSAL = 'Invalid username or password';

export const startSmtpTestServer = async (): Promise<SmtpTestServer> => {
  const received: ReceivedMail[] = [];
  let accepted = SMTP_PASSWORD;
  const server = new SMTPServer({
    // Plain SMTP on loopback: no STARTTLS offered, so the login goes over the plain connection.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    // A refused client's connection must not hold the test's end for smtp-server's 30 s default.
    closeTimeout: 1_000,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === accepted) return callback(null, { user: SMTP_USER });
      return callback(new Error(SMTP_AUTH_REFUSAL));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const from = session.envelope.mailFrom === false ? null : session.envelope.mailFrom.address;
        received.push({ from, to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://${SMTP_USER}:${SMTP_PASSWORD}@127.0.0.1:${port}`,
    received,
    acceptPassword: (password) => {
      accepted = password;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
