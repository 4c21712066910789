// The S brain's part of the composition root: with an endpoint configured, the model (the `openai`
// SDK against OPENAI_BASE_URL), the price table, the daily quota and the `ai_status` publisher the
// assistant reactor needs; without one, nothing (the reactor does not run, mentions record nothing).
import type { ReactorDeps } from '../commands/all-reactors.js';
import { openAiChatModel } from '../commands/assistant/model-call.js';
import type { AppConfig } from './config.js';
import { aiStatusPublisher } from './plugins/ai-status-relay.js';

export const assistantAvailable = (config: Pick<AppConfig, 'openai'>): boolean => config.openai !== undefined;

export const wireAssistant = (
  config: Pick<AppConfig, 'openai' | 'assistant'>,
  notify: (channel: string, payload: string) => Promise<void>,
  clock: () => Date,
  log: { warn(obj: object, message: string): void },
  onModelError: (error: unknown) => void = () => {},
): ReactorDeps['assistant'] => {
  const { openai, assistant } = config;
  if (!openai) return undefined;
  const model = openAiChatModel({ ...openai, prices: assistant.prices });
  return {
    // Every failed call reaches the error monitor (its cause: the SDK's error tells a timeout from a refusal), then the reactor as before.
    model: async (messages, onPartial) => {
      try {
        return await model(messages, onPartial);
      } catch (error) {
        onModelError(error instanceof Error && error.cause instanceof Error ? error.cause : error);
        throw error;
      }
    },
    modelName: openai.model,
    prices: assistant.prices,
    dailyQuota: assistant.dailyQuota,
    publish: aiStatusPublisher(notify, log),
    clock,
  };
};
