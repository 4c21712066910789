// The heat map's views fed contract-shaped data (heatmapDataSchema parses it), drawn as HTML: the Analytics
// figures, the Insights (rage clicks and where, the hottest spot, scroll depths), and the canvas's table of
// the busiest cells of the part of the page shown.
import { heatmapDataSchema, type HeatmapData } from '@contracts/heatmap';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { HeatmapCanvas } from './heatmap-canvas';
import { AnalyticsView, InsightsView } from './heatmap-panel';
import { staticText } from '@/ui/testing/static-text';

const data = (extra: Partial<HeatmapData> = {}): HeatmapData =>
  heatmapDataSchema.parse({
    timeRange: '24h',
    page: '/feed',
    band: 'desktop',
    from: '2026-11-28T10:00:00.000Z',
    to: '2026-11-29T10:30:00.000Z',
    cells: [
      { column: 15, row: 7, count: 6, intensity: 1 },
      { column: 45, row: 7, count: 3, intensity: 0.5 },
      { column: 30, row: 45, count: 1, intensity: 1 / 6 },
    ],
    dots: [],
    topPages: [{ page: '/feed', count: 12 }],
    analytics: { total: 12, clicks: 6, hovers: 3, scrolls: 2, focuses: 1, fixed: 2, pages: 1 },
    insights: {
      rageClicks: 2,
      rageSpots: [{ page: '/feed', column: 15, row: 7, count: 2 }],
      hottestCell: { column: 15, row: 7, count: 6, intensity: 1, share: 0.6 },
      deepestScrollPx: 1800,
      averageScrollPx: 1250,
      fixedShare: 0.2,
    },
    ...extra,
  });

const text = staticText;

describe('the heat map views', () => {
  it('shows the totals per action', () => {
    const html = text(renderToStaticMarkup(<AnalyticsView data={data()} />));
    expect(html).toContain('Interactions 12 on 1 page');
    expect(html).toContain('Clicks 6');
    expect(html).toContain('Hovers 3 still for 500 ms');
    expect(html).toContain('Scrolls 2');
    expect(html).toContain('Focus 1');
    expect(html).toContain('On fixed elements 2');
  });

  it('shows rage clicks and where, the hottest spot and the scroll depths', () => {
    const html = text(renderToStaticMarkup(<InsightsView data={data()} />));
    expect(html).toContain('Rage clicks 2 3 clicks within 1 s and 30 px');
    expect(html).toContain('/feed at x 25%-27%, y 140 px 2');
    expect(html).toContain('Hottest spot 60.0% of points, at x 25%-27%, y 140 px');
    expect(html).toContain('Deepest scroll 1,800 px');
    expect(html).toContain('Average scroll depth 1,250 px');
    expect(html).toContain('On fixed elements 20.0%');
    const none = text(
      renderToStaticMarkup(
        <InsightsView data={data({ insights: { rageClicks: 0, rageSpots: [], hottestCell: null, deepestScrollPx: null, averageScrollPx: null, fixedShare: null } })} />,
      ),
    );
    expect(none).toContain('No rage clicks in this window and band.');
    expect(none).toContain('Deepest scroll None yet');
  });

  it('lists the busiest cells of the part of the page shown, busiest first', () => {
    const top = renderToStaticMarkup(<HeatmapCanvas cells={data().cells} dots={[]} section={0} label="Heat map" />);
    expect([...top.matchAll(/data-column="(\d+)" data-row="(\d+)"/g)].map((m) => `${m[1]}|${m[2]}`)).toEqual(['15|7', '45|7']);
    expect(top).toContain('from 0 to 800 document px');
    const second = renderToStaticMarkup(<HeatmapCanvas cells={data().cells} dots={[]} section={1} label="Heat map" />);
    expect([...second.matchAll(/data-column="(\d+)" data-row="(\d+)"/g)].map((m) => `${m[1]}|${m[2]}`)).toEqual(['30|45']);
    expect(text(second)).toContain('50%-52% 900-920 px 1 0.17');
  });
});
