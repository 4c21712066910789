// The 'Test Email' button's state (spec 002 §2, §4): idle, sending, then success or failed, back to idle
// 5 s later (§9). A zustand store per button, so the reset is a timer the store owns (a new test
// replaces the pending reset) and the states can be driven without a DOM.
import { createStore } from 'zustand/vanilla';
import { TEST_EMAIL_RESET_MS, testEmailTexts, type TestEmailResult } from '@contracts/test-email';

export type TestEmailState =
  { status: 'idle' } | { status: 'sending' } | { status: 'success'; message: string } | { status: 'failed'; message: string; configured: boolean };

/** §8: the server's message on success or failure; 'Failed to send test email' when it gave none. */
export const stateOfResult = (result: TestEmailResult): TestEmailState => {
  if (result.success) return { status: 'success', message: result.message || testEmailTexts.success };
  if (!result.configured) return { status: 'failed', message: testEmailTexts.notConfigured, configured: false };
  return { status: 'failed', message: result.message || testEmailTexts.failed, configured: true };
};

/** §8: the request itself failed (no answer, a 5xx). */
export const stateOfError = (): TestEmailState => ({ status: 'failed', message: testEmailTexts.networkError, configured: true });

export interface TestEmailStore {
  state: TestEmailState;
  start(): void;
  finish(state: TestEmailState): void;
  dispose(): void;
}

export const createTestEmailStore = (resetMs: number = TEST_EMAIL_RESET_MS) => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const clear = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return createStore<TestEmailStore>((set) => ({
    state: { status: 'idle' },
    start: () => {
      clear();
      set({ state: { status: 'sending' } });
    },
    finish: (state) => {
      clear();
      set({ state });
      timer = setTimeout(() => set({ state: { status: 'idle' } }), resetMs);
    },
    dispose: clear,
  }));
};
