import { beforeEach, describe, expect, it } from 'vitest';
import { catchingUpItems, useCatchingUpStore } from './catching-up-store';

const heard = (url: string, header: string | null) => useCatchingUpStore.getState().heard(url, header);
const shown = () => catchingUpItems(useCatchingUpStore.getState().byReadModel).map(({ readModel, done, url }) => `${readModel} ${done} ${url}`);

describe('the catching-up store', () => {
  beforeEach(() => useCatchingUpStore.setState({ byReadModel: {} }));

  it('keeps what an answer reports until the next answer to the same URL no longer does', () => {
    heard('/api/dashboard/sessions', 'sessions;done=10;total=100');
    heard('/api/users/m1/balance', null);
    expect(shown()).toEqual(['sessions 10 /api/dashboard/sessions']);
    heard('/api/dashboard/sessions', 'sessions;done=20;total=100, feed;done=1;total=9');
    expect(shown()).toEqual(['feed 1 /api/dashboard/sessions', 'sessions 20 /api/dashboard/sessions']);
    heard('/api/dashboard/sessions', 'feed;done=2;total=9');
    expect(shown()).toEqual(['feed 2 /api/dashboard/sessions']);
    heard('/api/dashboard/sessions', null);
    expect(shown()).toEqual([]);
  });

  it('follows the URL that reported a read model last, and leaves the state alone when nothing changes', () => {
    heard('/api/users/m1/sessions', 'sessions;done=1;total=5');
    heard('/api/dashboard/counts', 'sessions;done=2;total=5');
    heard('/api/users/m1/sessions', null);
    expect(shown()).toEqual(['sessions 2 /api/dashboard/counts']);
    const before = useCatchingUpStore.getState();
    heard('/api/users/m1/balance', null);
    expect(useCatchingUpStore.getState()).toBe(before);
  });
});
