// A real HTTP server speaking the chat-completions protocol of OpenAI-compatible endpoints, for the
// tests of The S brain: POST {base}/chat/completions answers a streamed call with server-sent events
// (`data: {chunk}` lines, the usage in a last chunk when stream_options.include_usage, then
// `data: [DONE]`) and a plain call with one completion. What it does next is set by the test: answer,
// fail with an HTTP status, break the stream half-way, or stall mid-stream (a crash test kills the
// app meanwhile). It counts and keeps every call.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeBehaviour =
  | { kind: 'answer'; chunks: string[]; chunkDelayMs?: number; usage?: { prompt_tokens: number; completion_tokens: number } }
  | { kind: 'http-error'; status: number }
  /** Sends these chunks, then destroys the connection without a finish or [DONE]. */
  | { kind: 'broken'; chunks: string[] }
  /** Sends these chunks, then keeps the stream open until the client goes away. */
  | { kind: 'stall'; chunks: string[] };

export interface FakeCall {
  body: { model: string; stream?: boolean; stream_options?: { include_usage?: boolean }; messages: { role: string; content: unknown }[] };
  authorization: string | undefined;
}

export interface OpenAiCompatibleServer {
  /** The base URL to give OPENAI_BASE_URL, e.g. http://127.0.0.1:41234/v1 */
  baseUrl: string;
  calls: FakeCall[];
  /** What the next calls do (until set again). */
  behave(behaviour: FakeBehaviour): void;
  /** Resolves once `count` calls have arrived and each has sent what its behaviour streams before it stalls or ends. */
  untilCalls(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const readBody = async (request: IncomingMessage): Promise<string> => {
  const parts: Buffer[] = [];
  for await (const part of request) parts.push(part as Buffer);
  return Buffer.concat(parts).toString('utf8');
};

export const startOpenAiCompatibleServer = async (initial: FakeBehaviour = { kind: 'answer', chunks: ['Hello', ' there'] }): Promise<OpenAiCompatibleServer> => {
  let behaviour = initial;
  const calls: FakeCall[] = [];
  let served = 0;
  const waiters = new Set<() => void>();
  const served1 = () => {
    served++;
    for (const wake of waiters) wake();
  };

  const chunk = (model: string, id: string, delta: object, finish: string | null) =>
    `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    if (request.method !== 'POST' || !request.url?.endsWith('/chat/completions')) {
      response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'Not found', type: 'invalid_request_error' } }));
      return;
    }
    const body = JSON.parse(await readBody(request)) as FakeCall['body'];
    calls.push({ body, authorization: request.headers.authorization });
    const now = behaviour;
    const id = `chatcmpl-${calls.length}`;
    if (now.kind === 'http-error') {
      response.writeHead(now.status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'The model is down', type: 'server_error' } }));
      served1();
      return;
    }
    const usage = now.kind === 'answer' ? (now.usage ?? { prompt_tokens: 120, completion_tokens: 30 }) : null;
    if (!body.stream) {
      const content = now.chunks.join('');
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: body.model,
          choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
          usage: usage && { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
        }),
      );
      served1();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    response.write(chunk(body.model, id, { role: 'assistant', content: '' }, null));
    for (const text of now.chunks) {
      if (response.destroyed) return;
      response.write(chunk(body.model, id, { content: text }, null));
      if (now.kind === 'answer' && now.chunkDelayMs) await sleep(now.chunkDelayMs);
    }
    if (now.kind === 'broken') {
      served1();
      response.destroy();
      return;
    }
    if (now.kind === 'stall') {
      served1();
      return; // left open: the client's death (or close()) ends it
    }
    response.write(chunk(body.model, id, {}, 'stop'));
    if (body.stream_options?.include_usage && usage) {
      const last = {
        id,
        object: 'chat.completion.chunk',
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [],
        usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
      };
      response.write(`data: ${JSON.stringify(last)}\n\n`);
    }
    response.end('data: [DONE]\n\n');
    served1();
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(400, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: String(error), type: 'invalid_request_error' } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    calls,
    behave: (next) => void (behaviour = next),
    untilCalls: (count, timeoutMs = 20_000) =>
      new Promise<void>((resolve, reject) => {
        if (served >= count) return resolve();
        const timer = setTimeout(() => (waiters.delete(check), reject(new Error(`expected ${count} model calls, got ${served}`))), timeoutMs);
        const check = () => {
          if (served < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
