import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DataTable } from './data-table';
import type { DataTableProps } from './data-table';
import type { DataColumn } from './types';
import { compareValues, matchesFilter } from './use-data-table';
import { VirtualWindow } from './virtual-window';

interface Member {
  id: string;
  name: string;
  points: number;
}

const members: Member[] = [
  { id: 'a', name: 'Zoë Adams', points: 12 },
  { id: 'b', name: 'ada Lovelace', points: 3 },
  { id: 'c', name: 'Bruno Díaz', points: 40 },
];
const columns: DataColumn<Member>[] = [
  { id: 'name', header: 'Name', value: (m) => m.name },
  { id: 'points', header: 'Points', value: (m) => m.points, align: 'end' },
];

const draw = (props: Partial<DataTableProps<Member>> = {}) =>
  renderToStaticMarkup(<DataTable label="Members" columns={columns} rows={members} rowId={(m) => m.id} status="success" empty={<p>No members</p>} {...props} />);
const rowOrder = (html: string) => [...html.matchAll(/data-row-id="([^"]+)"/g)].map((m) => m[1]);

describe('the data table', () => {
  it('draws a real table with a caption, column headers and one row per member', () => {
    const html = draw();
    expect(html).toContain('<caption class="sr-only">Members</caption>');
    expect(html.match(/<th scope="col"/g)).toHaveLength(2);
    expect(rowOrder(html)).toEqual(['a', 'b', 'c']);
  });

  it('sorts by a column and says so in aria-sort', () => {
    expect(rowOrder(draw({ initialSort: [{ id: 'points', desc: true }] }))).toEqual(['c', 'a', 'b']);
    const byName = draw({ sort: [{ id: 'name', desc: false }] });
    expect(rowOrder(byName)).toEqual(['b', 'c', 'a']);
    expect(byName).toMatch(/<th scope="col" aria-sort="ascending"[^>]*><button/);
    expect(byName).toMatch(/<th scope="col" aria-sort="none"/);
  });

  it('filters on every word, case and accents aside, across columns', () => {
    expect(rowOrder(draw({ filter: 'diaz' }))).toEqual(['c']);
    expect(rowOrder(draw({ filter: 'ADA 3' }))).toEqual(['b']);
    expect(draw({ filter: 'nobody' })).toBe('<p>No members</p>');
  });

  it('keeps the order the server gave when it sorted and filtered (manual)', () => {
    expect(rowOrder(draw({ manual: true, filter: 'zzz', sort: [{ id: 'name', desc: true }] }))).toEqual(['a', 'b', 'c']);
  });

  it('draws loading and error states instead of rows', () => {
    expect(draw({ status: 'pending' })).toContain('role="status" aria-label="Loading members"');
    const error = draw({ status: 'error', onRetry: () => {} });
    expect(error).toContain('Could not load members');
    expect(error).toContain('Try again');
  });

  it('pages by number, or by a cursor with a Load more button while there is more', () => {
    const pages = draw({ paging: { kind: 'pages', page: 2, pageCount: 3, totalLabel: '11 members', onPage: () => {} } });
    expect(pages).toContain('<nav');
    expect(pages).toMatch(/Page 2 of 3<span[^>]*> · 11 members<\/span>/);
    expect(draw({ paging: { kind: 'cursor', hasMore: true, loadingMore: false, onLoadMore: () => {} } })).toContain('Load more');
    expect(draw({ paging: { kind: 'cursor', hasMore: false, loadingMore: false, onLoadMore: () => {} } })).not.toContain('Load more');
  });

  it('draws cards as a labelled list when the look is cards', () => {
    const html = draw({ renderCard: (m) => <article>{m.name}</article>, bodyData: { 'data-testid': 'member-list' } });
    expect(html).toMatch(/^<div class="space-y-4"><ul class="space-y-4" aria-label="Members" data-testid="member-list"><li data-index="0"><article>Zoë Adams/);
    expect(html).not.toContain('<table');
  });
});

describe('virtual rows', () => {
  it('draw a window of the rows, and pad for the rest', () => {
    const html = renderToStaticMarkup(
      <VirtualWindow count={5000} virtual={{ height: 400, rowHeight: 40, overscan: 2 }} rowKey={String} label="Events">
        {(window) => (
          <ol data-top={window.paddingTop} data-bottom={window.paddingBottom}>
            {window.indexes.map((i) => (
              <li key={i}>{i}</li>
            ))}
          </ol>
        )}
      </VirtualWindow>,
    );
    const drawn = html.match(/<li>/g)?.length ?? 0;
    expect(drawn).toBeGreaterThanOrEqual(10);
    expect(drawn).toBeLessThanOrEqual(14);
    expect(html).toContain('data-top="0"');
    expect(html).toContain(`data-bottom="${(5000 - drawn) * 40}"`);
    expect(html).toContain('role="region" aria-label="Events"');
  });
});

describe('sorting and filtering values', () => {
  it('compare numbers as numbers, dates by time, texts by the reader’s order, with empty values first', () => {
    expect([10, 9, 100].sort(compareValues)).toEqual([9, 10, 100]);
    expect(['item 10', 'Item 9'].sort(compareValues)).toEqual(['Item 9', 'item 10']);
    expect(compareValues(new Date('2026-01-02'), new Date('2026-01-01'))).toBeGreaterThan(0);
    expect(compareValues(null, 'a')).toBeLessThan(0);
  });

  it('match every word of the filter', () => {
    expect(matchesFilter(['Zoë Adams', '12'], 'zoe 12')).toBe(true);
    expect(matchesFilter(['Zoë Adams', '12'], 'zoe 13')).toBe(false);
  });
});
