// The S brain's settings (issue 20 point 7), validated at start with the others.
import { describe, expect, it } from 'vitest';
import { DEFAULT_AI_PRICES, loadConfig } from '../../api/config.js';
import { assistantAvailable } from '../../api/assistant-wiring.js';
import { costOf } from '../../commands/assistant/pricing.js';
import { problemsOf } from '../support/config-problems.js';

describe('The S brain settings', () => {
  it('is off without an endpoint, with 20 questions a day and the default price table', () => {
    const config = loadConfig({});
    expect(assistantAvailable(config)).toBe(false);
    expect(config.assistant).toEqual({ dailyQuota: 20, prices: DEFAULT_AI_PRICES });
  });

  it('is on with an endpoint, and reads the quota and prices that add to and override the defaults', () => {
    const config = loadConfig({
      OPENAI_BASE_URL: 'http://127.0.0.1:8080/v1',
      OPENAI_MODEL: 'llama-3.1-8b',
      AI_DAILY_QUOTA: '5',
      AI_PRICES: '{"llama-3.1-8b":{"input":0.05,"output":0.08},"gpt-4o-mini":{"input":1,"output":2}}',
    });
    expect(assistantAvailable(config)).toBe(true);
    expect(config.openai).toEqual({ apiKey: undefined, baseUrl: 'http://127.0.0.1:8080/v1', model: 'llama-3.1-8b' });
    expect(config.assistant.dailyQuota).toBe(5);
    expect(config.assistant.prices['llama-3.1-8b']).toEqual({ input: 0.05, output: 0.08 });
    expect(config.assistant.prices['gpt-4o-mini']).toEqual({ input: 1, output: 2 });
    expect(config.assistant.prices['gpt-4o']).toEqual(DEFAULT_AI_PRICES['gpt-4o']);
    expect(loadConfig({ AI_DAILY_QUOTA: '0' }).assistant.dailyQuota).toBe(0);
  });

  it('names a bad quota or price table', () => {
    expect(problemsOf({ AI_DAILY_QUOTA: 'lots' })).toMatch(/AI_DAILY_QUOTA must be a whole number of questions, at least 0 \(got "lots"\)/);
    expect(problemsOf({ AI_DAILY_QUOTA: '-1' })).toMatch(/AI_DAILY_QUOTA must be a whole number/);
    expect(problemsOf({ AI_PRICES: 'cheap' })).toMatch(/AI_PRICES must be JSON like/);
    expect(problemsOf({ AI_PRICES: '{"m":{"input":-1,"output":1}}' })).toMatch(/AI_PRICES must be JSON like/);
    expect(problemsOf({ AI_PRICES: '{"m":{"input":1}}' })).toMatch(/AI_PRICES must be JSON like/);
    expect(problemsOf({ OPENAI_BASE_URL: 'llm.local' })).toMatch(/OPENAI_BASE_URL must be a URL/);
  });

  it('costs a call per million tokens in and out, "*" for other models, 0 for a model without a price', () => {
    expect(costOf(DEFAULT_AI_PRICES, 'gpt-4o-mini', 1_000_000, 1_000_000)).toBeCloseTo(0.75, 9);
    expect(costOf(DEFAULT_AI_PRICES, 'gpt-4o', 1000, 500)).toBeCloseTo(0.0075, 9);
    expect(costOf({ '*': { input: 1, output: 1 } }, 'mine', 10, 10)).toBeCloseTo(0.00002, 9);
    expect(costOf(DEFAULT_AI_PRICES, 'mine', 1000, 1000)).toBe(0);
  });
});
