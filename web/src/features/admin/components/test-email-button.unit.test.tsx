import { TEST_EMAIL_RESET_MS, testEmailFailure, testEmailTexts } from '@contracts/test-email';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TestEmailButtonView } from './test-email-button';
import { createTestEmailStore, stateOfError, stateOfResult, type TestEmailState } from './test-email-state';
import { staticText } from '@/ui/testing/static-text';

const text = staticText;
const view = (state: TestEmailState) => renderToStaticMarkup(<TestEmailButtonView state={state} onSend={() => {}} />);
const refusal = 'Invalid login: 535 Invalid username or password';

describe("the 'Test Email' button", () => {
  it('shows its four states with the texts of the spec', () => {
    expect(text(view({ status: 'idle' }))).toBe('Test Email');
    const sending = view({ status: 'sending' });
    expect(sending).toContain('disabled');
    expect(sending).toContain('aria-busy="true"');
    expect(text(sending)).toBe('Sending...');
    expect(text(view(stateOfResult({ success: true, message: testEmailTexts.success, configured: true, to: 'a@x', reason: null })))).toBe(
      'Email Sent! Test email sent successfully! Check your notification inbox.',
    );
    const failed = stateOfResult({ success: false, message: testEmailFailure(refusal), configured: true, to: 'a@x', reason: refusal });
    expect(text(view(failed))).toBe(`Email Failed Failed to send test email: ${refusal}`);
    expect(view(failed)).toContain('role="status"');
  });

  it("says e-mail is not configured, falls back to the spec's text without a message, and names a network failure", () => {
    expect(text(view(stateOfResult({ success: false, message: 'x', configured: false, to: null, reason: null })))).toBe(
      `E-mail not configured ${testEmailTexts.notConfigured}`,
    );
    expect(stateOfResult({ success: false, message: '', configured: true, to: 'a@x', reason: null })).toMatchObject({ message: 'Failed to send test email' });
    expect(stateOfError()).toMatchObject({ status: 'failed', message: 'Error sending test email. Please check logs.' });
  });
});

describe("the 'Test Email' button's state", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('goes idle, sending, then the outcome, and back to idle 5 s later', () => {
    const store = createTestEmailStore();
    expect(store.getState().state.status).toBe('idle');
    store.getState().start();
    expect(store.getState().state.status).toBe('sending');
    store.getState().finish({ status: 'success', message: testEmailTexts.success });
    vi.advanceTimersByTime(TEST_EMAIL_RESET_MS - 1);
    expect(store.getState().state.status).toBe('success');
    vi.advanceTimersByTime(1);
    expect(store.getState().state.status).toBe('idle');
  });

  it("keeps a new test's outcome its full 5 s: the earlier reset is dropped", () => {
    const store = createTestEmailStore();
    store.getState().finish(stateOfError());
    vi.advanceTimersByTime(4_000);
    store.getState().start();
    vi.advanceTimersByTime(2_000);
    expect(store.getState().state.status).toBe('sending');
    store.getState().finish({ status: 'success', message: testEmailTexts.success });
    vi.advanceTimersByTime(4_999);
    expect(store.getState().state.status).toBe('success');
    store.getState().dispose();
    vi.advanceTimersByTime(10_000);
    expect(store.getState().state.status).toBe('success');
  });
});
