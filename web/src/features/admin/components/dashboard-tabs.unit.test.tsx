import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DashboardTabs, dashboardTabs, tabOf } from './dashboard-tabs';

const at = (url: string) =>
  renderToStaticMarkup(
    <MemoryRouter initialEntries={[url]}>
      <DashboardTabs />
    </MemoryRouter>,
  );

describe("the dashboard's tabs", () => {
  it("are the spec's seven, the one the URL names chosen, 'activity' by default or for a name it does not know", () => {
    expect(dashboardTabs).toEqual(['activity', 'users', 'errors', 'metrics', 'ai-analytics', 'heatmap', 'inspector']);
    expect(tabOf(null)).toBe('activity');
    expect(tabOf('heatmap')).toBe('heatmap');
    expect(tabOf('nonsense')).toBe('activity');
  });

  it('draw a tab list with each tab tied to its panel, and only the chosen panel filled', () => {
    const html = at('/admin?tab=users');
    expect(html).toContain('role="tablist"');
    expect(html.match(/role="tab"/g)).toHaveLength(7);
    expect(html.match(/role="tabpanel"/g)).toHaveLength(7);
    expect(html).toMatch(/aria-selected="true"[^>]*data-tab="users"|data-tab="users"[^>]*aria-selected="true"/);
    expect(html).toContain('Open the users directory');
    expect(html).not.toContain('No recent errors');
    expect(html).not.toContain('No recent metrics');
  });

  it('links User Management to the users directory rather than a placeholder', () => {
    expect(at('/admin?tab=users')).toMatch(/<a [^>]*href="\/admin\/users"[^>]*>Open the users directory<\/a>/);
  });
});
