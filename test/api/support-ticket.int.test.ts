// The support page's ticket (document 001 §2.12, §5): a visitor's ticket is taken, and a bad one is refused
// with a readable 400 naming what is wrong.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORT_MESSAGE_MAX, supportTexts } from '../../api/contracts/support.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const ticket = { name: 'Ann', email: 'ann@example.com', subject: 'Cannot book', priority: 'high', category: 'technical', message: 'The slot list is empty.' };

describe('support tickets', () => {
  let server: TestServer;
  const send = (body: unknown) =>
    fetch(`${server.url}/api/support/tickets`, { method: 'POST', headers: { 'content-type': 'application/json', origin: server.url }, body: JSON.stringify(body) });

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it("takes a visitor's complete ticket", async () => {
    const response = await send(ticket);
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ ok: true });
  });

  it('refuses an e-mail that is not one, and says so', async () => {
    const response = await send({ ...ticket, email: 'not-an-email' });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toContain(supportTexts.badEmail);
  });

  it('refuses a message over the limit, and missing fields', async () => {
    const long = await send({ ...ticket, message: 'x'.repeat(SUPPORT_MESSAGE_MAX + 1) });
    expect(long.status).toBe(400);
    expect((await long.json()).error).toContain(supportTexts.tooLong('Mensaje', SUPPORT_MESSAGE_MAX));
    const blank = await send({ ...ticket, subject: '   ' });
    expect(blank.status).toBe(400);
    expect((await blank.json()).error).toContain(supportTexts.required);
    expect((await send({ ...ticket, priority: 'whenever' })).status).toBe(400);
  });
});
