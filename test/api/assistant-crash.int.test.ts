// A process killed while the model streams answers exactly once after the restart (issue 20 point 7):
// the whole app is SIGKILLed in the middle of The S brain's streamed call, started again, and the
// request is answered once: one AI comment, one completion, the member's quota used once, the model
// called again. (PostgreSQL only: a killed process must leave the database behind.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wireCommands } from '../../commands/wiring.js';
import { connectFromEnv, type Connections } from '../../eventstore/connect-from-env.js';
import type { ReadModelsDb } from '../../projections/read-models.js';
import { eventually, openLiveSocket, postEvents, postMentioningTheSBrain, subscribePost } from '../support/assistant-fixtures.js';
import { POSTGRES_ONLY_REASON } from '../support/not-run.js';
import { startOpenAiCompatibleServer, type OpenAiCompatibleServer } from '../support/openai-compatible-server.js';
import { signIn } from '../support/sign-in.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';
import { freePort, startAppProcess, type AppProcess } from './support/app-process.js';

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)(`The S brain killed while the model streams${adminUrl ? '' : ` (not run: ${POSTGRES_ONLY_REASON})`}`, () => {
  let database: TestDatabase;
  let reader: Connections<ReadModelsDb>;
  let fake: OpenAiCompatibleServer;
  let app: AppProcess | null = null;
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await createTestDatabase(adminUrl!, 'skillswap_assistant_crash');
    fake = await startOpenAiCompatibleServer({ kind: 'stall', chunks: ['A first ', 'half'] });
    env = {
      DATABASE_URL: database.url,
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      SESSION_SECRET: 'assistant-crash-session-secret-0123456789',
      OPENAI_BASE_URL: fake.baseUrl,
      OPENAI_MODEL: 'gpt-4o-mini',
      RATE_LIMIT_READ_PER_MINUTE: '0',
      RATE_LIMIT_WRITE_PER_MINUTE: '0',
      RATE_LIMIT_AUTH_PER_MINUTE: '0',
    };
    reader = await connectFromEnv({ DATABASE_URL: database.url });
  });

  afterAll(async () => {
    await app?.kill();
    await reader?.close();
    await fake?.close();
    await database?.drop();
  });

  it('answers exactly once after the restart', async () => {
    app = await startAppProcess(env);
    const ann = await signIn(app.url, 'ann@example.com');
    const postId = crypto.randomUUID();
    const socket = await openLiveSocket(app.url, ann);
    await subscribePost(socket, postId);
    const { aiRequestId } = await postMentioningTheSBrain(wireCommands({ store: reader.store }), { authorId: ann.memberId, postId });

    // The model is streaming: its first words reached the member, and then the whole app dies.
    await fake.untilCalls(1);
    expect(await socket.next((m) => m.type === 'ai_status' && m.partial === 'A first half')).toMatchObject({ requestId: aiRequestId, status: 'thinking' });
    socket.close();
    await app.kill();
    expect((await postEvents(reader.store, postId)).map((e) => e.type)).toEqual(['PostCreated', 'AiReplyRequested', 'AiReplyStarted']);

    fake.behave({ kind: 'answer', chunks: ['The whole ', 'answer.'] });
    app = await startAppProcess(env);
    await eventually(async () => ((await postEvents(reader.store, postId)).some((e) => e.type === 'AiReplyCompleted') ? true : undefined), 60_000, 'the answer');
    // Time for a second answer to appear, were the restart to answer twice.
    await new Promise((resolve) => setTimeout(resolve, 2000));

    const events = await postEvents(reader.store, postId);
    expect(events.map((e) => e.type)).toEqual(['PostCreated', 'AiReplyRequested', 'AiReplyStarted', 'CommentAdded', 'AiReplyCompleted']);
    expect(events.find((e) => e.type === 'CommentAdded')!.data).toMatchObject({ content: 'The whole answer.', isAiGenerated: true, aiRequestId });
    expect(fake.calls).toHaveLength(2);
    const quota = await reader.store.readStream(`ai-quota-${ann.memberId}-${new Date().toISOString().slice(0, 10)}`);
    expect(quota.map((e) => e.type)).toEqual(['AiQuotaUsed']);
  });
});
