// The reasons the admin reads when SMTP does not take the test e-mail: verify() names a TLS failure as
// such (a plain server reached over smtps://, a STARTTLS certificate the client refuses), not as a
// failed message. Against real smtp-servers on loopback.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpMailer, smtpReason } from './smtp-mailer.js';

const listen = async (server: SMTPServer): Promise<number> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.server.address() as AddressInfo).port;
};

const mail = { from: 'ops@skillswap.test', to: 'ada@example.com', subject: 'Test', text: 'Hello' };

const reasonOf = async (url: string): Promise<string> => {
  const mailer = smtpMailer(url);
  try {
    await mailer.send(mail);
    return 'sent';
  } catch (error) {
    return smtpReason(error);
  } finally {
    mailer.close();
  }
};

describe('the SMTP reasons of a failed test e-mail', () => {
  // A plain server (no STARTTLS), and one offering STARTTLS with smtp-server's own built-in certificate.
  const plain = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 1_000,
    onData: (stream, _s, done) => stream.on('end', () => done()).resume(),
  });
  const selfSigned = new SMTPServer({
    disabledCommands: ['AUTH'],
    logger: false,
    closeTimeout: 1_000,
    onData: (stream, _s, done) => stream.on('end', () => done()).resume(),
  });
  let plainPort = 0;
  let selfSignedPort = 0;
  beforeAll(async () => {
    [plainPort, selfSignedPort] = await Promise.all([listen(plain), listen(selfSigned)]);
  });
  afterAll(async () => {
    await Promise.all([plain, selfSigned].map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
  });

  it('sends through a plain server on smtp://', async () => {
    expect(await reasonOf(`smtp://127.0.0.1:${plainPort}`)).toBe('sent');
  });

  it('names a TLS handshake with a plain server over smtps://', async () => {
    expect(await reasonOf(`smtps://127.0.0.1:${plainPort}`)).toMatch(/SSL|TLS|wrong version|ESOCKET|ETLS/i);
  });

  // smtp-server's built-in certificate is self-signed (and, on this clock, expired): either is named.
  it('names the certificate the client refuses on STARTTLS', async () => {
    expect(await reasonOf(`smtp://127.0.0.1:${selfSignedPort}`)).toMatch(/certificate/i);
  });
});
