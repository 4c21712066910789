// The Heat Map tab (spec 002 §2; issue 32 point 5): Heat Map, Analytics and Insights views over one window
// (1h / 24h / 7d / 30d), one page or all, and one viewport band (phone, tablet, desktop: beyond the spec,
// so a page's points line up). Loading, empty and failed states like the other admin panels; it moves
// over /ws as members' points are stored (heatmap-api.ts).
import { Flame, MousePointerClick } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import {
  bandLabels,
  HEATMAP,
  HEATMAP_WINDOWS,
  heatmapTexts,
  INTERACTIONS_LIMITS,
  RAGE_CLICKS,
  VIEWPORT_BANDS,
  type HeatmapWindow,
  type ViewportBand,
} from '@contracts/heatmap-limits';
import type { HeatmapData } from '@contracts/heatmap';
import { Button } from '@/ui/button';
import { Card, CardHeader } from '@/ui/card';
import { EmptyState } from '@/ui/empty-state';
import { Field, Input, Select } from '@/ui/input';
import { LoadFailedNotice } from '@/ui/load-failed-notice';
import { Spinner } from '@/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/ui/tabs';
import { useHeatmap, type HeatmapFilter } from '../api/heatmap-api';
import { columnSpan, HeatmapCanvas } from './heatmap-canvas';

const views = ['heatmap', 'analytics', 'insights'] as const;
type View = (typeof views)[number];
const viewLabels: Record<View, string> = { heatmap: 'Heat Map', analytics: 'Analytics', insights: 'Insights' };
const windowLabels: Record<HeatmapWindow, string> = { '1h': 'Last hour', '24h': 'Last 24 hours', '7d': 'Last 7 days', '30d': 'Last 30 days' };

const counts = new Intl.NumberFormat('en-US');
const count = (value: number) => counts.format(value);
const percent = (fraction: number | null) => (fraction === null ? 'None yet' : `${(fraction * 100).toFixed(1)}%`);
const pixels = (value: number | null) => (value === null ? 'None yet' : `${count(value)} px`);

const Figure = ({ label, value, hint, testId }: { label: string; value: string | number; hint?: string; testId: string }) => (
  <div className="rounded-xl border border-slate-200 p-4" data-testid={testId}>
    <p className="text-xs font-medium text-slate-600">{label}</p>
    <p className="text-2xl font-bold text-slate-900 tabular-nums">{typeof value === 'number' ? count(value) : value}</p>
    {hint && <p className="text-xs text-slate-600">{hint}</p>}
  </div>
);

const TopPages = ({ data, onChoose }: { data: HeatmapData; onChoose: (page: string) => void }) => (
  <section aria-labelledby="heatmap-top-pages" className="space-y-2">
    <h3 id="heatmap-top-pages" className="text-sm font-semibold text-slate-900">
      Top {HEATMAP.topPages} pages
    </h3>
    {data.topPages.length === 0 ? (
      <p className="text-sm text-slate-600">No page has points in this window and band.</p>
    ) : (
      <ol className="space-y-1" data-testid="heatmap-top-pages">
        {data.topPages.map((page) => (
          <li key={page.page} className="flex items-center justify-between gap-3 text-sm">
            <button type="button" className="min-w-0 truncate font-mono text-xs text-brand-700 underline-offset-2 hover:underline" onClick={() => onChoose(page.page)}>
              {page.page}
            </button>
            <span className="shrink-0 text-slate-600 tabular-nums">{count(page.count)}</span>
          </li>
        ))}
      </ol>
    )}
  </section>
);

const HeatmapView = ({ data, onChoose }: { data: HeatmapData; onChoose: (page: string) => void }) => {
  const deepest = data.cells.reduce((max, cell) => Math.max(max, cell.row), 0);
  const sections = Math.floor(deepest / HEATMAP.rows) + 1;
  const [chosen, setSection] = useState(0);
  const section = Math.min(chosen, sections - 1);
  return (
    <div className="space-y-6">
      <div className="min-w-0 space-y-3">
        {sections > 1 && (
          <Field label="Part of the page" htmlFor="heatmap-section" className="max-w-xs">
            <Select id="heatmap-section" value={section} onChange={(event) => setSection(Number(event.target.value))}>
              {Array.from({ length: sections }, (_, i) => (
                <option key={i} value={i}>
                  {`${count(i * HEATMAP.canvasHeight)}-${count((i + 1) * HEATMAP.canvasHeight)} px from the top`}
                </option>
              ))}
            </Select>
          </Field>
        )}
        <HeatmapCanvas
          cells={data.cells}
          dots={data.dots}
          section={section}
          label={`Heat map of ${data.page === 'all' ? 'all pages' : data.page}, ${bandLabels[data.band]}`}
        />
      </div>
      <TopPages data={data} onChoose={onChoose} />
    </div>
  );
};

export const AnalyticsView = ({ data }: { data: HeatmapData }) => (
  <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" data-testid="heatmap-analytics">
    <Figure label="Interactions" value={data.analytics.total} hint={`on ${data.analytics.pages} page${data.analytics.pages === 1 ? '' : 's'}`} testId="heatmap-total" />
    <Figure label="Clicks" value={data.analytics.clicks} testId="heatmap-clicks" />
    <Figure label="Hovers" value={data.analytics.hovers} hint={`still for ${INTERACTIONS_LIMITS.hoverStillMs} ms`} testId="heatmap-hovers" />
    <Figure label="Scrolls" value={data.analytics.scrolls} hint="deepest point per visit" testId="heatmap-scrolls" />
    <Figure label="Focus" value={data.analytics.focuses} hint="by keyboard" testId="heatmap-focuses" />
    <Figure label="On fixed elements" value={data.analytics.fixed} hint="navigation bars and the like" testId="heatmap-fixed" />
  </div>
);

export const InsightsView = ({ data }: { data: HeatmapData }) => {
  const { insights } = data;
  const hottest = insights.hottestCell;
  return (
    <div className="space-y-6" data-testid="heatmap-insights">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        <Figure
          label="Rage clicks"
          value={insights.rageClicks}
          hint={`${RAGE_CLICKS.clicks} clicks within ${RAGE_CLICKS.withinMs / 1000} s and ${RAGE_CLICKS.withinPx} px`}
          testId="heatmap-rage-clicks"
        />
        <Figure
          label="Hottest spot"
          value={hottest ? percent(hottest.share) : 'None yet'}
          hint={hottest ? `of points, at x ${columnSpan(hottest.column)}, y ${hottest.row * HEATMAP.cellPx} px` : undefined}
          testId="heatmap-hottest"
        />
        <Figure label="Deepest scroll" value={pixels(insights.deepestScrollPx)} testId="heatmap-deepest" />
        <Figure label="Average scroll depth" value={pixels(insights.averageScrollPx)} testId="heatmap-average-scroll" />
        <Figure label="On fixed elements" value={percent(insights.fixedShare)} hint="of clicks, hovers and focus" testId="heatmap-fixed-share" />
      </div>
      <section aria-labelledby="heatmap-rage-spots" className="space-y-2">
        <h3 id="heatmap-rage-spots" className="text-sm font-semibold text-slate-900">
          Where members rage-click
        </h3>
        {insights.rageSpots.length === 0 ? (
          <p className="text-sm text-slate-600">No rage clicks in this window and band.</p>
        ) : (
          <ul className="space-y-1 text-sm" data-testid="heatmap-rage-spots">
            {insights.rageSpots.map((spot) => (
              <li key={`${spot.page}-${spot.column}-${spot.row}`} className="flex justify-between gap-3">
                <span className="min-w-0 truncate">
                  <span className="font-mono text-xs">{spot.page}</span> at x {columnSpan(spot.column)}, y {spot.row * HEATMAP.cellPx} px
                </span>
                <span className="shrink-0 tabular-nums">{spot.count}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
};

const Filters = ({ filter, onChange }: { filter: HeatmapFilter; onChange: (next: HeatmapFilter) => void }) => {
  const [page, setPage] = useState(filter.page);
  const [pageError, setPageError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = page.trim() === '' ? 'all' : page.trim();
    if (!/^(all|\/[^\s?#]*)$/.test(value)) return setPageError(heatmapTexts.page);
    setPageError(null);
    onChange({ ...filter, page: value });
  };
  return (
    <div className="flex flex-wrap items-end gap-4">
      <div className="space-y-1.5">
        <span className="block text-sm font-medium text-slate-700" id="heatmap-window-label">
          Window
        </span>
        <div role="group" aria-labelledby="heatmap-window-label" className="inline-flex rounded-lg bg-slate-100 p-1">
          {HEATMAP_WINDOWS.map((window) => (
            <button
              key={window}
              type="button"
              aria-pressed={filter.timeRange === window}
              aria-label={windowLabels[window]}
              onClick={() => onChange({ ...filter, timeRange: window })}
              className={
                filter.timeRange === window
                  ? 'rounded-md bg-white px-3 py-1.5 text-sm font-semibold text-slate-900 shadow-sm'
                  : 'rounded-md px-3 py-1.5 text-sm text-slate-700 hover:text-slate-900'
              }
            >
              {window}
            </button>
          ))}
        </div>
      </div>
      <form onSubmit={submit} className="flex items-end gap-2">
        <Field label="Page" htmlFor="heatmap-page" error={pageError} className="w-48 sm:w-56">
          <Input
            id="heatmap-page"
            value={page}
            onChange={(event) => setPage(event.target.value)}
            placeholder="/feed or all"
            aria-invalid={pageError ? true : undefined}
          />
        </Field>
        <Button type="submit" variant="outline">
          Show page
        </Button>
      </form>
      <Field label="Viewport" htmlFor="heatmap-band" className="w-full sm:w-72">
        <Select id="heatmap-band" value={filter.band} onChange={(event) => onChange({ ...filter, band: event.target.value as ViewportBand })}>
          {VIEWPORT_BANDS.map((band) => (
            <option key={band} value={band}>
              {bandLabels[band]}
            </option>
          ))}
        </Select>
      </Field>
    </div>
  );
};

export const HeatmapPanel = () => {
  const [filter, setFilter] = useState<HeatmapFilter>({ timeRange: '24h', page: 'all', band: 'desktop' });
  const [view, setView] = useState<View>('heatmap');
  const heatmap = useHeatmap(filter);
  const data = heatmap.data;
  const choosePage = (page: string) => setFilter((current) => ({ ...current, page }));

  let body;
  if (heatmap.isPending) {
    body = (
      <div className="flex justify-center py-16">
        <Spinner label="Loading the heat map" />
      </div>
    );
  } else if (heatmap.isError && !data) {
    body = (
      <LoadFailedNotice title={heatmapTexts.failed} onRetry={() => void heatmap.refetch()}>
        {heatmap.error.message}
      </LoadFailedNotice>
    );
  } else if (data && data.analytics.total === 0) {
    body = (
      <EmptyState icon={<MousePointerClick />} title={heatmapTexts.empty}>
        {heatmapTexts.emptyHint}
      </EmptyState>
    );
  } else if (data) {
    body = (
      <Tabs value={view} onValueChange={(next) => setView(next as View)}>
        <TabsList label="Heat map views">
          {views.map((key) => (
            <TabsTrigger key={key} value={key} data-heatmap-view={key}>
              {viewLabels[key]}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="heatmap" className="mt-4">
          <HeatmapView key={`${data.page}-${data.band}`} data={data} onChoose={choosePage} />
        </TabsContent>
        <TabsContent value="analytics" className="mt-4">
          <AnalyticsView data={data} />
        </TabsContent>
        <TabsContent value="insights" className="mt-4">
          <InsightsView data={data} />
        </TabsContent>
      </Tabs>
    );
  }

  return (
    <Card data-testid="heatmap-panel" aria-busy={heatmap.isFetching || undefined}>
      <CardHeader title={heatmapTexts.title} description={heatmapTexts.description} icon={<Flame className="h-5 w-5" />} />
      <div className="space-y-5 px-5 py-5 sm:px-6">
        <Filters key={filter.page} filter={filter} onChange={setFilter} />
        {heatmap.isError && data && (
          <LoadFailedNotice title={heatmapTexts.failed} onRetry={() => void heatmap.refetch()}>
            {heatmap.error.message}
          </LoadFailedNotice>
        )}
        {body}
      </div>
    </Card>
  );
};
