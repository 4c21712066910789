import type { FollowerStatus } from '@contracts/admin-operations';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup as render } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FollowersTable } from './followers-table';

const follower = (extra: Partial<FollowerStatus>): FollowerStatus => ({
  name: 'members',
  kind: 'projector',
  state: 'live',
  position: '120',
  lag: { events: 0, seconds: 0 },
  failure: null,
  rebuild: null,
  rebuildFailure: null,
  holder: 'api-1:4242:a1b2c3',
  ...extra,
});

// The controls use a mutation: the table renders inside a query client, as on the page.
const renderToStaticMarkup = (node: ReactNode) => render(<QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>);

/** The text of each cell of the row of `name`, in column order (the row header first). */
const cellsOf = (html: string, name: string): string[] => {
  const row = html.match(new RegExp(`<tr[^>]*data-follower="${name}"[^>]*>(.*?)</tr>`))?.[1] ?? '';
  return [...row.matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/g)].map((cell) => cell[1]!.replace(/<[^>]+>/g, ''));
};

describe('the followers table', () => {
  it('names the process holding each follower in a column of its own, and says none when no process holds it', () => {
    const html = renderToStaticMarkup(<FollowersTable followers={[follower({}), follower({ name: 'balances', state: 'stopped', holder: null })]} />);
    const headers = [...html.matchAll(/<th scope="col"[^>]*>(.*?)<\/th>/g)].map((h) => h[1]);
    const column = headers.indexOf('Held by');
    expect(column).toBeGreaterThan(0);
    expect(cellsOf(html, 'members')[column]).toBe('api-1:4242:a1b2c3');
    expect(cellsOf(html, 'balances')[column]).toBe('none');
  });

  it('shows a failed rebuild beside the state, with what it threw', () => {
    const failed = { error: 'relation "members_build" does not exist', failedAt: '2026-11-29T03:00:00.000Z', by: 'admin-1' };
    const html = renderToStaticMarkup(<FollowersTable followers={[follower({ rebuildFailure: failed })]} />);
    expect(cellsOf(html, 'members')[2]).toContain('Rebuild failed 2026-11-29T03:00:00.000Z: relation &quot;members_build&quot; does not exist');
    expect(renderToStaticMarkup(<FollowersTable followers={[follower({})]} />)).not.toContain('Rebuild failed');
  });

  it('offers pause to a running follower, resume to a paused one, retry and skip to a failed one, and rebuild to projectors only', () => {
    const failure = { position: '88', eventType: 'SessionRequested', streamId: 'session-1', error: 'boom', failedAt: '2026-11-29T10:00:00.000Z' };
    const html = renderToStaticMarkup(
      <FollowersTable
        followers={[
          follower({}),
          follower({ name: 'balances', state: 'paused' }),
          follower({ name: 'sessions', state: 'failed', failure }),
          follower({ name: 'welcome-bonus', kind: 'reactor' }),
        ]}
      />,
    );
    const controls = (name: string) =>
      (html.match(new RegExp(`data-controls="${name}"[^>]*>(.*?)</div>`))?.[1] ?? '')
        .replace(/<[^>]+>/g, ' ')
        .trim()
        .split(/\s+/);
    expect(controls('members')).toEqual(['Pause', 'Rebuild']);
    expect(controls('balances')).toEqual(['Resume', 'Rebuild']);
    expect(controls('sessions')).toEqual(['Pause', 'Retry', 'Skip', 'event', 'Rebuild']);
    expect(controls('welcome-bonus')).toEqual(['Pause']);
  });

  it('draws a running rebuild as a progress bar with its counts', () => {
    const html = renderToStaticMarkup(<FollowersTable followers={[follower({ state: 'rebuilding', rebuild: { done: 1200, total: 4800 } })]} />);
    expect(html).toContain('aria-valuenow="25"');
    expect(html).toContain('1,200 / 4,800 events (25%)');
  });
});
