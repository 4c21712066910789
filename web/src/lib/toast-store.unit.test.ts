import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast, useToastStore } from './toast-store';

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    for (const t of useToastStore.getState().toasts) useToastStore.getState().dismiss(t.id);
    vi.useRealTimers();
  });

  it('shows one toast for identical type, title and message', () => {
    toast.success('Saved', 'All good');
    toast.success('Saved', 'All good');
    toast.info('Saved', 'All good');
    expect(useToastStore.getState().toasts.map((t) => t.kind)).toEqual(['success', 'info']);
  });

  it('dismisses after 5 s, and errors after 7 s', () => {
    toast.success('Saved');
    toast.error('Failed');
    vi.advanceTimersByTime(5_001);
    expect(useToastStore.getState().toasts.map((t) => t.title)).toEqual(['Failed']);
    vi.advanceTimersByTime(2_000);
    expect(useToastStore.getState().toasts).toEqual([]);
  });
});
