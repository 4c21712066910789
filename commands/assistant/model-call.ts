// One streamed call of an OpenAI-compatible chat-completions endpoint through the `openai` SDK: the
// answer grows chunk by chunk (handed to `onPartial` at most every PARTIAL_EVERY_MS), the usage comes
// in the last chunk (stream_options.include_usage). Any failure, a broken stream included, throws
// ModelCallError carrying what was measured, so the failure is recorded with its latency and tokens.
import OpenAI from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { AI_REPLY_MAX } from '../../domain/post/rules.js';
import type { AiPrice } from './pricing.js';

/** The growing text reaches the post's sockets at most this often (issue 20 point 7). */
export const PARTIAL_EVERY_MS = 500;
/** A call that has not finished by then is a failure (the request's own timeout is 5 minutes). */
export const MODEL_TIMEOUT_MS = 90_000;

export interface ModelSettings {
  baseUrl: string;
  apiKey?: string | undefined;
  model: string;
  prices: Readonly<Record<string, AiPrice>>;
}

export interface ModelOutcome {
  content: string;
  tokensIn: number;
  tokensOut: number;
  latencyMs: number;
}

export class ModelCallError extends Error {
  constructor(
    cause: unknown,
    readonly measured: Omit<ModelOutcome, 'content'>,
  ) {
    super(`The model call failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'ModelCallError';
  }
}

export type ChatModel = (messages: ChatCompletionMessageParam[], onPartial: (text: string) => void) => Promise<ModelOutcome>;

/** A rough count when the endpoint reports no usage: about four characters a token. */
const estimateTokens = (text: string) => Math.ceil(text.length / 4);

export const openAiChatModel = (settings: ModelSettings, clock: () => number = () => performance.now()): ChatModel => {
  // No retries: a failed call is recorded and answered with the spec's error text, not repeated behind the member's back.
  const client = new OpenAI({ baseURL: settings.baseUrl, apiKey: settings.apiKey ?? 'none', maxRetries: 0, timeout: MODEL_TIMEOUT_MS });
  return async (messages, onPartial) => {
    const started = clock();
    let content = '';
    let usage: { prompt_tokens: number; completion_tokens: number } | null = null;
    let finished = false;
    // At most one partial per PARTIAL_EVERY_MS, and the latest text sent at the end of a quiet spell
    // too (trailing edge): a model that pauses mid-answer still shows what it wrote so far.
    let lastPartial = Number.NEGATIVE_INFINITY;
    let sentLength = 0;
    let pending: ReturnType<typeof setTimeout> | null = null;
    const flush = () => {
      pending = null;
      if (content.length === sentLength) return;
      lastPartial = clock();
      sentLength = content.length;
      onPartial(content);
    };
    const partial = () => {
      const wait = lastPartial + PARTIAL_EVERY_MS - clock();
      if (wait <= 0) flush();
      else pending ??= setTimeout(flush, wait);
    };
    try {
      const stream = await client.chat.completions.create({ model: settings.model, messages, stream: true, stream_options: { include_usage: true } });
      for await (const chunk of stream) {
        if (chunk.usage) usage = chunk.usage;
        const choice = chunk.choices[0];
        const delta = choice?.delta?.content;
        if (delta) content += delta;
        if (choice?.finish_reason) finished = true;
        // The comment keeps AI_REPLY_MAX characters: past them (a member asked for an endless answer)
        // the stream is closed rather than read, and paid for, until the timeout.
        if (content.length > AI_REPLY_MAX) {
          finished = true;
          break;
        }
        if (delta) partial();
      }
      if (pending) clearTimeout(pending);
      // A stream cut before its end (no finish_reason) is a broken answer, not a short one.
      if (!finished) throw new Error('the stream ended before the answer was finished');
      return {
        content,
        tokensIn: usage?.prompt_tokens ?? estimateTokens(JSON.stringify(messages)),
        tokensOut: usage?.completion_tokens ?? estimateTokens(content),
        latencyMs: Math.round(clock() - started),
      };
    } catch (error) {
      if (pending) clearTimeout(pending);
      throw new ModelCallError(error, {
        tokensIn: usage?.prompt_tokens ?? 0,
        tokensOut: usage?.completion_tokens ?? estimateTokens(content),
        latencyMs: Math.round(clock() - started),
      });
    }
  };
};
