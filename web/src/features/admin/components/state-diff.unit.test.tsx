import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { JsonBlock } from './json-view';
import { StateDiffList } from './state-diff';

describe('the audit JSON and diff views', () => {
  it('renders a member-written text as text, never as markup', () => {
    const html = renderToStaticMarkup(<JsonBlock title="Data" value={{ message: '<img src=x onerror=alert(1)>', nested: { list: [1, true, null] } }} />);
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toMatch(/list: <\/dt>/);
  });

  it('ends a collection time travel shortened with how many more it has, not as one of its entries', () => {
    const html = renderToStaticMarkup(<JsonBlock title="After" value={{ comments: { c1: { depth: 0 }, '…': '4980 more' }, tags: ['a', { '…': '47 more' }] }} />);
    const cuts = html.split('data-testid="state-cut"').slice(1);
    expect(cuts).toHaveLength(2);
    expect(cuts[0]).toContain('4980 more, not shown');
    expect(cuts[1]).toContain('47 more, not shown');
    // The array's marker is no numbered item of it.
    expect(html).not.toMatch(/">1: <\/dt>/);
  });

  it("links a session's, a post's and a member's id to their stream or events, and no other text", () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <JsonBlock title="Data" value={{ sessionId: 's-1', postId: 'p-1', studentId: 'm-1', skillName: 'Rust', tags: ['sessionId'] }} />
      </MemoryRouter>,
    );
    expect([...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1])).toEqual(['/admin/streams/session-s-1', '/admin/streams/post-p-1', '/admin/events?member=m-1']);
  });

  it('shows each change with its path and only the sides it has', () => {
    const html = renderToStaticMarkup(
      <StateDiffList
        changes={[
          { kind: 'changed', path: ['status'], before: 'requested', after: 'confirmed' },
          { kind: 'added', path: ['likedBy', 'm-1'], after: true },
          { kind: 'removed', path: ['holds', 0], before: { id: 'h-1' } },
        ]}
      />,
    );
    const items = html.split('<li').slice(1);
    expect(items[0]).toMatch(/status.*Before: .*requested.*After: .*confirmed/);
    expect(items[1]).toContain('likedBy › m-1');
    expect(items[1]).not.toContain('Before:');
    expect(items[2]).toContain('holds › 0');
    expect(items[2]).not.toContain('After:');
  });

  it('says so when an event changed nothing', () => {
    expect(renderToStaticMarkup(<StateDiffList changes={[]} />)).toContain('This event changed nothing in this state');
  });
});
