import { connect } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { DomainError, type DomainErrorCode } from '../../domain/shared.js';
import { markOutcomeUnknown } from '../../eventstore/connection-lost.js';
import { DATABASE_CONNECTION_LOST, DATABASE_CONNECTION_LOST_WHILE_SAVING } from './database-errors.js';
import { registerErrorHandler } from './error-handler.js';

const statusOf = async (code: DomainErrorCode) => {
  const app = Fastify();
  registerErrorHandler(app);
  app.get('/', async () => {
    throw new DomainError(code, 'Readable text');
  });
  const response = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  return { status: response.statusCode, body: response.json() };
};

describe('domain errors as HTTP answers', () => {
  it('answers a used-up quota with 429 and its text', async () => {
    expect(await statusOf('QUOTA_EXCEEDED')).toEqual({ status: 429, body: { error: 'Readable text' } });
  });

  it('keeps the other codes’ statuses', async () => {
    const codes: DomainErrorCode[] = ['VALIDATION', 'NOT_AUTHORISED', 'NOT_FOUND', 'CONFLICT', 'INVALID_STATE', 'INSUFFICIENT_POINTS'];
    expect(await Promise.all(codes.map(async (code) => (await statusOf(code)).status))).toEqual([400, 403, 404, 409, 409, 400]);
  });
});

describe('a lost database connection as an HTTP answer', () => {
  const answerTo = async (error: Error) => {
    const app = Fastify();
    registerErrorHandler(app);
    app.post('/', async () => {
      throw error;
    });
    const response = await app.inject({ method: 'POST', url: '/' });
    await app.close();
    return { status: response.statusCode, retryAfter: response.headers['retry-after'], body: response.json() };
  };

  it('answers 503 saying to try again', async () => {
    const terminated = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    expect(await answerTo(terminated)).toEqual({ status: 503, retryAfter: '1', body: { error: DATABASE_CONNECTION_LOST } });
    expect((await answerTo(new Error('Connection terminated unexpectedly'))).status).toBe(503);
  });

  it('says the change may or may not have been saved when the connection died while committing', async () => {
    const lost = markOutcomeUnknown(new Error('Client has encountered a connection error and is not queryable'));
    expect((await answerTo(lost)).body).toEqual({ error: DATABASE_CONNECTION_LOST_WHILE_SAVING });
  });
});

describe('a request its client aborted', () => {
  it('is not reported as a server error nor as a lost database when the socket closes mid-body', async () => {
    const reports: unknown[] = [];
    const app = Fastify({ logger: false });
    registerErrorHandler(app, (report) => reports.push(report));
    let failed: (error: unknown) => void = () => {};
    const handled = new Promise<unknown>((resolve) => (failed = resolve));
    app.addHook('onError', async (_request, _reply, error) => failed(error));
    app.post('/', async () => ({ ok: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    // Half of a promised body, then the client goes away.
    socket.write('POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"half":');
    setImmediate(() => socket.destroy());
    expect(await handled).toMatchObject({ code: 'ECONNRESET', message: 'aborted' });
    await app.close();
    expect(reports).toEqual([]);
  });
});
