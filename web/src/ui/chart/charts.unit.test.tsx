import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FunnelChart, StageName } from './funnel-chart';
import { BarsChart, LinesChart } from './series-chart';

const days = [
  { day: 'Mon', views: 1200, signUps: 4 },
  { day: 'Tue', views: 980, signUps: 7 },
];
const series = [
  { key: 'views', label: 'Page views' },
  { key: 'signUps', label: 'Sign-ups' },
];
const cells = (html: string) => [...html.matchAll(/<t[hd][^>]*>([^<]*)<\/t[hd]>/g)].map((m) => m[1]);

describe('charts', () => {
  it('name the figure by its title and description, and hide the drawing from screen readers', () => {
    const html = renderToStaticMarkup(
      <BarsChart title="Traffic" description="Views and sign-ups a day" data={days} category="day" categoryLabel="Day" series={series} />,
    );
    const labelled = html.match(/<figure[^>]*aria-labelledby="([^"]+)" aria-describedby="([^"]+)"/);
    expect(labelled).not.toBeNull();
    expect(html).toContain(`id="${labelled![1]}" class="text-base font-semibold text-slate-900">Traffic</h3>`);
    expect(html).toContain(`id="${labelled![2]}" class="text-sm text-slate-500">Views and sign-ups a day</p>`);
    expect(html).toMatch(/<div aria-hidden="true" class="w-full min-w-0">/);
  });

  it('give bars and lines their numbers as a table', () => {
    for (const Chart of [BarsChart, LinesChart]) {
      const html = renderToStaticMarkup(<Chart title="Traffic" description="a day" data={days} category="day" categoryLabel="Day" series={series} />);
      expect(html).toContain('<div class="sr-only"><table><caption>Traffic</caption>');
      expect(cells(html)).toEqual(['Day', 'Page views', 'Sign-ups', 'Mon', '1,200', '4', 'Tue', '980', '7']);
    }
  });

  it('give a funnel each stage with its share of the first', () => {
    const html = renderToStaticMarkup(
      <FunnelChart
        title="Session conversion"
        description="From sign-up to a first session"
        stages={[
          { label: 'Members', value: 200 },
          { label: 'Profile ready', value: 120 },
          { label: 'Sessions', value: 30 },
        ]}
      />,
    );
    expect(cells(html)).toEqual(['Stage', 'Count', 'Of the first stage', 'Members', '200', '100%', 'Profile ready', '120', '60%', 'Sessions', '30', '15%']);
  });

  it("write a funnel stage's name beside its wider side, never on its slanted one", () => {
    const nameAt = (box: { x: number; y: number; upperWidth: number; lowerWidth: number; height: number }) =>
      Number(/ x="([\d.]+)"/.exec(renderToStaticMarkup(<svg>{StageName({ viewBox: box as never, value: 'Signed up' })}</svg>))?.[1]);
    // Every member at the first step: a triangle 200 wide at the top, from x 8 to 208.
    expect(nameAt({ x: 8, y: 4, upperWidth: 200, lowerWidth: 0, height: 50 })).toBe(214);
    // A stage narrower at the top than at the bottom: its lower side ends at 100 + 40 = 140.
    expect(nameAt({ x: 80, y: 4, upperWidth: 40, lowerWidth: 80, height: 50 })).toBe(146);
  });
});
