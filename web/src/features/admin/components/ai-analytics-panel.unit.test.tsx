// The AI Analytics tab's states fed contract-shaped figures (aiAnalyticsSchema parses each one), drawn as HTML.
import { aiAnalyticsSchema, aiAnalyticsTexts, type AiAnalytics } from '@contracts/admin-ai-analytics';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AiAnalyticsView, formatCost } from './ai-analytics-panel';
import { staticText } from '@/ui/testing/static-text';

const invocation = (requestId: string, extra: Partial<AiAnalytics['recentInvocations'][number]> = {}) => ({
  requestId,
  postId: `post-${requestId}`,
  triggerType: 'post_mention',
  status: 'success',
  failureReason: null,
  latencyMs: 1200,
  costUsd: 0.00036,
  imageCount: 1,
  createdAt: '2026-11-29T10:00:00.000Z',
  ...extra,
});

const analytics = (extra: Partial<AiAnalytics> = {}): AiAnalytics =>
  aiAnalyticsSchema.parse({
    summary: { totalInvocations: 3, successfulInvocations: 2, failedInvocations: 1, successRate: (2 / 3) * 100, avgResponseTimeMs: 1333.4, totalCostUsd: 0.00048 },
    feedback: { total: 4, helpful: 3, unhelpful: 1, satisfactionRate: 75 },
    recentInvocations: [
      invocation('r3', { triggerType: 'ask', status: 'failed', failureReason: 'timed_out', latencyMs: null, costUsd: null, imageCount: 0 }),
      invocation('r2', { triggerType: 'comment_mention', latencyMs: 800, costUsd: 0.00012, imageCount: 0 }),
      invocation('r1'),
    ],
    ...extra,
  });

const text = staticText;
const render = (props: Parameters<typeof AiAnalyticsView>[0]) => renderToStaticMarkup(<AiAnalyticsView {...props} />);
const noop = () => {};
const rowsOf = (html: string) => [...html.matchAll(/<tr[^>]*data-row-id[^>]*>(.*?)<\/tr>/g)].map((m) => text(m[1]!));

describe('the AI Analytics tab', () => {
  it('shows the four cards: invocations with the successful, the success rate with the failures in red, the mean latency in ms and the cost to 4 decimals', () => {
    const html = render({ analytics: analytics(), failed: false, onRetry: noop });
    const card = (id: string) => text(html.match(new RegExp(`data-testid="${id}"[^>]*>(.*?)</div></div>`))?.[1] ?? '');
    expect(card('ai-card-invocations')).toBe('Total invocations 3 2 successful');
    expect(card('ai-card-success')).toBe('Success rate 66.7% 1 failed');
    expect(html).toMatch(/text-red-700[^"]*" data-testid="ai-card-failures"/);
    expect(card('ai-card-latency')).toBe('Average response time 1,333 ms');
    expect(card('ai-card-cost')).toMatch(/^Total cost \$0\.0005 /);
  });

  it('shows the failures in grey when there is none', () => {
    const html = render({
      analytics: analytics({ summary: { ...analytics().summary, failedInvocations: 0, successfulInvocations: 3, successRate: 100 } }),
      failed: false,
      onRetry: noop,
    });
    expect(html).not.toMatch(/text-red-700[^"]*" data-testid="ai-card-failures"/);
    expect(html).toMatch(/text-slate-600" data-testid="ai-card-failures">0 failed/);
  });

  it('shows the feedback section with its satisfaction rate only when there is feedback', () => {
    expect(text(render({ analytics: analytics(), failed: false, onRetry: noop }))).toContain('Total 4 Helpful 3 Unhelpful 1 Satisfaction rate 75%');
    const none = render({ analytics: analytics({ feedback: { total: 0, helpful: 0, unhelpful: 0, satisfactionRate: null } }), failed: false, onRetry: noop });
    expect(none).not.toContain('data-testid="ai-feedback"');
    expect(none).toContain('data-testid="ai-cards"');
  });

  it("lists the recent invocations: mention or the other type, success or not, 'N/A' for a missing latency or cost", () => {
    const html = render({ analytics: analytics(), failed: false, onRetry: noop });
    const rows = rowsOf(html);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatch(/^Ask Failed N\/A N\/A 0 /);
    expect(rows[1]).toMatch(/^Mention Success 800 ms \$0\.0001 0 /);
    expect(rows[2]).toMatch(/^Mention Success 1,200 ms \$0\.0004 1 /);
  });

  it('shows the loading state, then the failure with Retry, then the empty state', () => {
    const loading = render({ analytics: undefined, failed: false, onRetry: noop });
    expect(loading).toContain(`aria-label="${aiAnalyticsTexts.loading}"`);
    const failed = text(render({ analytics: undefined, failed: true, onRetry: noop }));
    expect(failed).toBe(`${aiAnalyticsTexts.loadFailedTitle} ${aiAnalyticsTexts.loadFailed} ${aiAnalyticsTexts.retry}`);
    expect(aiAnalyticsTexts).toMatchObject({
      loadFailedTitle: 'Failed to Load AI Analytics',
      loadFailed: 'There was an error fetching AI performance metrics. Please try again.',
      retry: 'Retry',
      empty: 'No AI analytics data available',
    });
    const empty = analytics({
      summary: { totalInvocations: 0, successfulInvocations: 0, failedInvocations: 0, successRate: null, avgResponseTimeMs: null, totalCostUsd: 0 },
      feedback: { total: 0, helpful: 0, unhelpful: 0, satisfactionRate: null },
      recentInvocations: [],
    });
    expect(text(render({ analytics: empty, failed: false, onRetry: noop }))).toContain(aiAnalyticsTexts.empty);
    // Figures already shown stay when a later read fails.
    expect(render({ analytics: analytics(), failed: true, onRetry: noop })).toContain('data-testid="ai-cards"');
  });

  it('writes a cost with the 4 decimals of the spec', () => {
    expect([formatCost(0), formatCost(0.00036), formatCost(1.23456)]).toEqual(['$0.0000', '$0.0004', '$1.2346']);
  });
});
