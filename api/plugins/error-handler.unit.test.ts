import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { DomainError, type DomainErrorCode } from '../../domain/shared.js';
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
