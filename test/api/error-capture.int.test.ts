// Capture on the server beyond the 5xx (issue 32 point 1): a projector whose handler throws stops and is
// recorded as a critical follower error, and a failed call to the model (a real HTTP server answering
// 500) as a medium assistant error; each is grouped, with the version, and neither is read from the log.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ErrorGroup } from '../../api/contracts/admin-errors.js';
import type { FeedbackEvent } from '../../domain/feedback/events.js';
import { feedbackEventTypes } from '../../domain/feedback/events.js';
import { allProjectors } from '../../projections/all-projectors.js';
import { defineProjection } from '../../projections/runtime/define-projection.js';
import { defineTable, text } from '../../projections/runtime/table.js';
import { endedRequest } from '../support/assistant-fixtures.js';
import { startOpenAiCompatibleServer, type OpenAiCompatibleServer } from '../support/openai-compatible-server.js';
import { signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';

const ADMIN = 'ada-capture@example.com';

/** A read model whose handler throws on every feedback: its follower stops at the first one. */
const brokenProjector = defineProjection({
  name: 'broken-feedback',
  version: 1,
  migration: '20261129T1400-create-broken-feedback',
  tables: { broken_feedback: defineTable({ name: 'broken_feedback', key: ['id'], columns: { id: text() } }) },
  canHandle: [...feedbackEventTypes],
  consistency: 'eventual',
  evolve(_rows, event: { type: FeedbackEvent['type']; data: FeedbackEvent['data'] }) {
    throw new RangeError(`No room for feedback ${JSON.stringify(event.data).length} characters long`);
  },
});

describe('errors captured on the server', () => {
  let fake: OpenAiCompatibleServer;
  let server: TestServer;
  let admin: ApiClient;
  // Waits for the group itself to be listed (vitest's waitFor retries the read until it finds one).
  const groupWhere = (match: (group: ErrorGroup) => boolean) =>
    vi.waitFor(
      async () => {
        const found = (await admin.get<ErrorGroup[]>('/api/admin/errors')).body.find(match);
        if (!found) throw new Error('no such error group yet');
        return found;
      },
      { timeout: 15_000, interval: 50 },
    );

  beforeAll(async () => {
    fake = await startOpenAiCompatibleServer();
    server = await startTestServer({
      projectors: [...allProjectors, brokenProjector],
      env: { ADMIN_EMAILS: ADMIN, APP_VERSION: '2.0.1', OPENAI_BASE_URL: fake.baseUrl, OPENAI_API_KEY: 'sk-test', OPENAI_MODEL: 'gpt-4o-mini' },
      logStream: { write: () => {} },
    });
    admin = await signIn(server.url, ADMIN, 'Ada');
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  it('records a projector its handler stopped as a critical follower error', async () => {
    expect((await admin.post('/api/feedback', { message: 'The calendar is lovely', source: 'feed' })).status).toBe(201);
    const group = await groupWhere((g) => g.category === 'follower');
    expect(group).toMatchObject({ errorType: 'RangeError', severity: 'critical', status: 'unresolved', count: 1, lastAppVersion: '2.0.1' });
    expect(group!.requestPath).toBe('projector broken-feedback (FeedbackSubmitted)');
    expect(group!.stackTrace).toContain('test/api/error-capture.int.test.ts');
  });

  it('records a failed model call as a medium assistant error', async () => {
    fake.behave({ kind: 'http-error', status: 500 });
    const { end } = await endedRequest(server, admin.memberId);
    expect(end.type).toBe('AiReplyFailed');
    const group = await groupWhere((g) => g.category === 'assistant');
    expect(group).toMatchObject({ severity: 'medium', status: 'unresolved', count: 1, requestMethod: null, lastAppVersion: '2.0.1' });
  });
});
