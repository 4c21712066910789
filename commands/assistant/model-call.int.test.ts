// The model call against a real HTTP server speaking the chat-completions protocol: an answer that
// runs on past what a comment keeps is cut there, and the stream is closed rather than read (and paid
// for) to its end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_REPLY_MAX } from '../../domain/post/rules.js';
import { startOpenAiCompatibleServer, type OpenAiCompatibleServer } from '../../test/support/openai-compatible-server.js';
import { openAiChatModel } from './model-call.js';

describe('openAiChatModel', () => {
  let server: OpenAiCompatibleServer;

  beforeAll(async () => {
    server = await startOpenAiCompatibleServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('stops reading an answer once it is longer than a comment keeps, without waiting for the stream to end', async () => {
    // More than AI_REPLY_MAX characters, then a stream that never ends (a model told to write forever).
    server.behave({ kind: 'stall', chunks: Array.from({ length: 60 }, () => 'x'.repeat(100)) });
    const model = openAiChatModel({ baseUrl: server.baseUrl, model: 'test-model', prices: {} });
    const started = Date.now();
    const outcome = await model([{ role: 'user', content: 'Write forever' }], () => {});
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(outcome.content.length).toBeGreaterThanOrEqual(AI_REPLY_MAX);
    expect(outcome.content.length).toBeLessThan(AI_REPLY_MAX + 200);
  }, 20_000);
});
