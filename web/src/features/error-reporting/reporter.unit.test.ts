// The browser's error reporter (issue 32 point 1): the page's noise dropped, errors of one moment sent
// together in batches of at most CLIENT_ERROR_BATCH_MAX, at most CLIENT_ERROR_PAGE_MAX per page, what is
// left sent with keepalive on pagehide, and never a throw, whatever is thrown at it or however sending fails.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_ERROR_BATCH_MAX, CLIENT_ERROR_PAGE_MAX, CLIENT_ERROR_SEND_DELAY_MS, clientErrorBatchSchema, type ClientErrorBatch } from '@contracts/client-errors';
import { installErrorReporting, reportBoundaryError } from './install';
import { isNoise } from './noise';
import { createErrorReporter, type ErrorSender } from './reporter';

const chromeStack = (url: string) => `TypeError: x is undefined\n    at render (${url}/assets/feed-abc.js:1:2345)\n    at commit (${url}/assets/index-def.js:9:87)`;
const firefoxStack = (url: string) => `render@${url}/content.js:1:20\ncommit@${url}/lib.js:4:8`;

describe('the page noise', () => {
  it("drops ResizeObserver's loop warnings, an opaque 'Script error.' and errors raised only in extensions' code", () => {
    expect(isNoise({ message: 'ResizeObserver loop limit exceeded', stack: null })).toBe(true);
    expect(isNoise({ message: 'ResizeObserver loop completed with undelivered notifications.', stack: null })).toBe(true);
    expect(isNoise({ message: 'Script error.', stack: null })).toBe(true);
    expect(isNoise({ message: 'boom', stack: chromeStack('chrome-extension://abcdef') })).toBe(true);
    expect(isNoise({ message: 'boom', stack: firefoxStack('moz-extension://1234-5678') })).toBe(true);
    expect(isNoise({ message: 'boom', stack: null, filename: 'safari-extension://com.example/inject.js' })).toBe(true);
  });

  it('keeps our errors: one frame of ours among extension frames, a Script error with a stack, a message that merely mentions ResizeObserver', () => {
    const mixed = `${chromeStack('chrome-extension://abcdef')}\n    at onClick (https://skillswap.example/assets/index-1.js:3:4)`;
    expect(isNoise({ message: 'boom', stack: mixed })).toBe(false);
    expect(isNoise({ message: 'Script error.', stack: chromeStack('https://skillswap.example') })).toBe(false);
    expect(isNoise({ message: 'Cannot read properties of undefined (reading "ResizeObserver loop")', stack: null })).toBe(false);
    expect(isNoise({ message: 'boom', stack: null, filename: 'https://skillswap.example/assets/index-1.js' })).toBe(false);
  });
});

describe('the error reporter', () => {
  let batches: { body: ClientErrorBatch; leaving: boolean }[];
  const sender: ErrorSender = (body, leaving) => void batches.push({ body: clientErrorBatchSchema.parse(JSON.parse(body)), leaving });
  const reporter = (send: ErrorSender = sender) => createErrorReporter({ send, path: () => '/feed', appVersion: '1.2.3', now: () => new Date('2026-11-29T12:00:00Z') });

  beforeEach(() => {
    batches = [];
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it("waits the send delay for the moment's other errors and sends them as one batch in the contract's shape", () => {
    const r = reporter();
    r.report(new TypeError('a is undefined'), 'window');
    vi.advanceTimersByTime(CLIENT_ERROR_SEND_DELAY_MS - 1);
    r.report('a plain string', 'unhandledrejection');
    expect(batches).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(batches).toHaveLength(1);
    const [first, second] = batches[0]!.body.errors;
    expect(first).toMatchObject({
      type: 'TypeError',
      message: 'a is undefined',
      source: 'window',
      path: '/feed',
      appVersion: '1.2.3',
      occurredAt: '2026-11-29T12:00:00.000Z',
    });
    expect(first!.stack).toContain('TypeError: a is undefined');
    expect(second).toMatchObject({ type: 'Error', message: 'a plain string', stack: null, source: 'unhandledrejection' });
    expect(batches[0]!.leaving).toBe(false);
  });

  it('splits a burst into batches of at most CLIENT_ERROR_BATCH_MAX', () => {
    const r = reporter();
    for (let i = 0; i < CLIENT_ERROR_BATCH_MAX + 5; i += 1) r.report(new Error(`number ${i}`), 'window');
    vi.advanceTimersByTime(CLIENT_ERROR_SEND_DELAY_MS);
    expect(batches.map((b) => b.body.errors.length)).toEqual([CLIENT_ERROR_BATCH_MAX, 5]);
  });

  it('sends at most CLIENT_ERROR_PAGE_MAX errors from one page, so a loop throwing on every frame cannot flood the server', () => {
    const r = reporter();
    for (let round = 0; round < 4; round += 1) {
      for (let i = 0; i < 30; i += 1) r.report(new Error(`frame ${round}-${i}`), 'window');
      vi.advanceTimersByTime(CLIENT_ERROR_SEND_DELAY_MS);
    }
    expect(batches.flatMap((b) => b.body.errors)).toHaveLength(CLIENT_ERROR_PAGE_MAX);
    expect(r.counted()).toBe(CLIENT_ERROR_PAGE_MAX);
  });

  it('does not count the noise against the page cap, and sends none of it', () => {
    const r = reporter();
    for (let i = 0; i < 100; i += 1) r.report(new Error('ResizeObserver loop limit exceeded'), 'window');
    r.report(new RangeError('kept'), 'window');
    vi.advanceTimersByTime(CLIENT_ERROR_SEND_DELAY_MS);
    expect(batches.flatMap((b) => b.body.errors.map((e) => e.message))).toEqual(['kept']);
  });

  it('never throws: not for a sender that throws, nor for a thrown value whose every property throws, and it goes on reporting after', () => {
    const r = reporter(() => {
      throw new Error('network stack gone');
    });
    const hostile = new Proxy(
      {},
      {
        get: () => {
          throw new Error('getter');
        },
        has: () => {
          throw new Error('has');
        },
      },
    );
    expect(() => r.report(hostile, 'unhandledrejection')).not.toThrow();
    expect(() => r.report(new Error('first'), 'window')).not.toThrow();
    expect(() => vi.advanceTimersByTime(CLIENT_ERROR_SEND_DELAY_MS)).not.toThrow();
    expect(() => r.flush(true)).not.toThrow();
  });

  it("cuts the message and stack to the contract's limits and the path to the pathname's 500 characters", () => {
    const r = createErrorReporter({ send: sender, path: () => `/${'p'.repeat(900)}`, appVersion: null });
    const huge = new Error('m'.repeat(5_000));
    huge.stack = 's'.repeat(40_000);
    r.report(huge, 'boundary');
    r.flush();
    const [error] = batches[0]!.body.errors;
    expect(error!.message).toHaveLength(2_000);
    expect(error!.stack).toHaveLength(16_000);
    expect(error!.path).toHaveLength(500);
    expect(error!.appVersion).toBeNull();
  });
});

describe('the installed reporter', () => {
  it("hears the window's errors and unhandled rejections and an error boundary's catch, and sends what is left with keepalive on pagehide", async () => {
    const target = Object.assign(new EventTarget(), { location: { pathname: '/search' } }) as unknown as Window;
    const calls: { url: string; init: RequestInit }[] = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return Promise.reject(new Error('offline'));
    });
    try {
      installErrorReporting(target);
      const error = Object.assign(new Event('error'), { message: 'x is not a function', error: new TypeError('x is not a function'), filename: '' });
      target.dispatchEvent(error);
      target.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: new Error('rejected') }));
      // An <img> that failed to load: an 'error' event without a message, no script error.
      target.dispatchEvent(new Event('error'));
      reportBoundaryError(new Error('render failed'));
      target.dispatchEvent(new Event('pagehide'));
      expect(calls).toHaveLength(1);
      expect(calls[0]!.url).toBe('/api/client-errors');
      expect(calls[0]!.init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'same-origin' });
      const body = clientErrorBatchSchema.parse(JSON.parse(String(calls[0]!.init.body)));
      expect(body.errors.map((e) => `${e.source} ${e.type}: ${e.message} at ${e.path}`)).toEqual([
        'window TypeError: x is not a function at /search',
        'unhandledrejection Error: rejected at /search',
        'boundary Error: render failed at /search',
      ]);
      // The send that failed (offline) is swallowed, not reported as an unhandled rejection.
      await new Promise((resolve) => setTimeout(resolve, 0));
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
