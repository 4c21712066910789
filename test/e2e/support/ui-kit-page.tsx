// A page that draws the web kit's table and charts with the real components, bundled for the browser by
// test/e2e/ui-kit.e2e.test.ts: 2,000 loaded rows of a keyset-paged log, a filter box, and the three charts.
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { FunnelChart } from '@/ui/chart/funnel-chart';
import { BarsChart, LinesChart } from '@/ui/chart/series-chart';
import { DataTable } from '@/ui/table/data-table';
import type { DataColumn } from '@/ui/table/types';

interface LogRow {
  id: string;
  position: number;
  type: string;
  points: number;
}

const types = ['SessionRequested', 'PointsHeld', 'SessionApproved', 'PointsTransferred'];
/** The server's next page after a cursor (the last position seen): never an offset. */
const pageAfter = (after: number, limit: number): LogRow[] =>
  Array.from({ length: limit }, (_, i) => {
    const position = after + i + 1;
    return { id: `e${position}`, position, type: types[position % types.length]!, points: (position * 7919) % 1000 };
  });

const columns: DataColumn<LogRow>[] = [
  { id: 'position', header: 'Position', value: (r) => r.position, align: 'end', width: '8rem' },
  { id: 'type', header: 'Type', value: (r) => r.type },
  { id: 'points', header: 'Points', value: (r) => r.points, align: 'end', width: '8rem' },
];

declare global {
  interface Window {
    loadMoreCursors: number[];
  }
}
window.loadMoreCursors = [];

const LogTable = () => {
  const [rows, setRows] = useState(() => pageAfter(0, 2000));
  const [filter, setFilter] = useState('');
  const [loadingMore, setLoadingMore] = useState(false);
  const cursor = rows.at(-1)?.position ?? 0;
  const loadMore = () => {
    window.loadMoreCursors.push(cursor);
    setLoadingMore(true);
    // The next page arrives later, as a server's would: after this render, not within it.
    void Promise.resolve().then(() => {
      setRows((loaded) => [...loaded, ...pageAfter(cursor, 500)]);
      setLoadingMore(false);
    });
  };
  return (
    <section className="space-y-3 p-4">
      <label className="block text-sm">
        Filter events <input className="border" value={filter} onChange={(e) => setFilter(e.target.value)} data-testid="filter" />
      </label>
      <DataTable
        label="Events"
        columns={columns}
        rows={rows}
        rowId={(r) => r.id}
        filter={filter}
        status="success"
        empty={<p>No events match</p>}
        virtual={{ height: 400, rowHeight: 37 }}
        paging={{ kind: 'cursor', hasMore: rows.length < 3000, loadingMore, onLoadMore: loadMore }}
      />
    </section>
  );
};

const days = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].map((day, i) => ({ day, views: 900 + i * 130, signUps: 3 + ((i * 5) % 7) }));
const series = [
  { key: 'views', label: 'Page views' },
  { key: 'signUps', label: 'Sign-ups' },
];

const Charts = () => (
  <section className="space-y-8 p-4">
    <FunnelChart
      title="Session conversion"
      description="Members who reached each step, from sign-up to a first session"
      stages={[
        { label: 'Members', value: 200 },
        { label: 'Profile ready', value: 120 },
        { label: 'Teaching', value: 64 },
        { label: 'Sessions', value: 30 },
      ]}
    />
    <BarsChart title="Sign-ups" description="New members a day this week" data={days} category="day" categoryLabel="Day" series={[series[1]!]} />
    <LinesChart title="Traffic" description="Page views and sign-ups a day this week" data={days} category="day" categoryLabel="Day" series={series} />
  </section>
);

const which = new URLSearchParams(location.search).get('part') ?? document.body.dataset.part;
createRoot(document.getElementById('root')!).render(<main>{which === 'charts' ? <Charts /> : <LogTable />}</main>);
