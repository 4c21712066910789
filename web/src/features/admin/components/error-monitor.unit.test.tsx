// The error monitor's screens fed contract-shaped data (the contract's schemas parse each one), drawn as
// HTML: /admin/errors's cards, Error Log states and rows, Error Analytics, the details modal's content,
// and the dashboard's Error Monitoring tab.
import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { errorGroupDetailSchema, errorGroupSchema, errorStatsSchema, errorTexts, type ErrorGroup, type ErrorGroupDetail } from '@contracts/admin-errors';
import { ApiError } from '@/lib/http';
import { staticText as text } from '@/ui/testing/static-text';
import { ErrorAnalytics } from './error-analytics';
import { ErrorDetailsView, groupingText } from './error-details-dialog';
import { actionFailureText, actionsFor } from './error-group-actions';
import { ErrorLogView, type ErrorLogViewProps } from './error-log';
import { ErrorMonitoringList } from './error-monitoring-tab';
import { ErrorStatCards, rateChangeText } from './error-stat-cards';

const html = (node: ReactNode) => renderToStaticMarkup(<MemoryRouter>{node}</MemoryRouter>);
const noop = () => {};

const group = (extra: Partial<ErrorGroup> = {}): ErrorGroup =>
  errorGroupSchema.parse({
    id: '0123456789abcdef',
    errorType: 'TypeError',
    severity: 'high',
    message: "Cannot read properties of undefined (reading 'map')",
    category: 'browser',
    requestMethod: null,
    requestPath: '/feed',
    userId: 'member-0001-aaaa',
    resolved: false,
    stackTrace: 'TypeError: ...\n    at FeedList (https://x/assets/feed.js:1:99)',
    createdAt: '2026-11-29T11:00:00.000Z',
    status: 'unresolved',
    count: 1234,
    membersAffected: 7,
    firstSeen: '2026-11-28T09:00:00.000Z',
    lastSeen: '2026-11-29T11:00:00.000Z',
    lastAppVersion: '0.1.0',
    ...extra,
  });

const logProps = (extra: Partial<ErrorLogViewProps> = {}): ErrorLogViewProps => ({
  typed: '',
  onType: noop,
  severity: 'all',
  onSeverity: noop,
  status: 'all',
  onStatus: noop,
  groups: [],
  loadStatus: 'success',
  busy: false,
  onRetry: noop,
  onDetails: noop,
  narrow: false,
  ...extra,
});

describe('the /admin/errors cards', () => {
  const stats = (errorCountChange: number, errorRateChange: number | null) =>
    errorStatsSchema.parse({ totalErrors: 120, errorsToday: 12, unresolvedErrors: 5, criticalErrors: 2, errorRateChange, errorCountChange, topErrorTypes: [] });

  it("show the total with today's count, unresolved, critical, and the change vs yesterday as a count and a % at once, red when errors rose", () => {
    const page = html(<ErrorStatCards stats={stats(4, 50)} />);
    expect(text(page)).toContain('Total Errors 120 12 today');
    expect(text(page)).toContain('Unresolved 5');
    expect(text(page)).toContain('Critical 2');
    expect(text(page)).toContain('Error Rate Change +4 (+50%)');
    expect(page).toMatch(/data-testid="error-card-rate-value"><span class="text-red-700">/);
  });

  it('show a fall in grey, and a count without a % when there were none yesterday', () => {
    const fall = html(<ErrorStatCards stats={stats(-3, -25)} />);
    expect(fall).toMatch(/data-testid="error-card-rate-value"><span class="text-slate-900">-3<span[^>]*>\(-25%\)<\/span><\/span>/);
    expect(rateChangeText({ errorCountChange: 5, errorRateChange: null })).toBe('+5');
    expect(rateChangeText({ errorCountChange: 0, errorRateChange: 0 })).toBe('0 (0%)');
  });
});

describe('the Error Log', () => {
  it('shows each group with type, severity, status, category, message, method and path, member, time, count, members and Details', () => {
    const rows = [
      group(),
      group({
        id: 'fedcba9876543210',
        errorType: 'DatabaseError',
        severity: 'critical',
        category: 'database',
        requestMethod: 'POST',
        requestPath: '/api/bookings',
        status: 'regressed',
        userId: null,
      }),
    ];
    const page = html(<ErrorLogView {...logProps({ groups: rows })} />);
    const cells = [...page.matchAll(/<tr[^>]*data-row-id="([0-9a-f]+)"[^>]*>(.*?)<\/tr>/g)].map((m) => `${m[1]}: ${text(m[2]!)}`);
    expect(cells[0]).toMatch(
      /^0123456789abcdef: TypeError Browser Cannot read properties of undefined \(reading &#x27;map&#x27;\) High Unresolved \/feed member-0… .+ 1,234 7 Details$/,
    );
    expect(cells[1]).toMatch(/^fedcba9876543210: DatabaseError Database .* Critical Regressed POST \/api\/bookings No member .+ Details$/);
    expect(page).toContain('data-status="regressed"');
    expect(page).toContain(`placeholder="${errorTexts.searchPlaceholder}"`);
  });

  it("offers the spec's severity and status filters", () => {
    const page = text(html(<ErrorLogView {...logProps()} />));
    expect(page).toContain('All severities Critical High Medium Low');
    expect(page).toContain('All statuses Unresolved Resolved');
  });

  it("says 'No recent errors' when no group matches, a spinner while loading, and a failure with a way to try again", () => {
    expect(text(html(<ErrorLogView {...logProps()} />))).toContain(errorTexts.emptyLog);
    expect(html(<ErrorLogView {...logProps({ loadStatus: 'pending' })} />)).toContain('role="status"');
    const failed = text(html(<ErrorLogView {...logProps({ loadStatus: 'error' })} />));
    expect(failed).toContain(errorTexts.loadFailed);
    expect(failed).toContain('Try again');
  });

  it('draws cards on a phone, with the same facts', () => {
    const page = html(<ErrorLogView {...logProps({ groups: [group()], narrow: true })} />);
    expect(page).not.toContain('<table');
    expect(text(page)).toMatch(/TypeError High Unresolved Browser .* 1,234 times, 7 members Details/);
  });
});

describe('the Error Analytics tab', () => {
  it('ranks the most common types with their counts, and says when there is none', () => {
    const page = text(
      html(
        <ErrorAnalytics
          types={[
            { errorType: 'TypeError', count: 40 },
            { errorType: 'ChunkLoadError', count: 4 },
          ]}
        />,
      ),
    );
    expect(page).toBe('TypeError 40 ChunkLoadError 4');
    expect(text(html(<ErrorAnalytics types={[]} />))).toBe(errorTexts.emptyTypes);
  });
});

describe("an error group's details", () => {
  const detail = (extra: Partial<ErrorGroupDetail> = {}): ErrorGroupDetail =>
    errorGroupDetailSchema.parse({
      group: group(),
      grouping: { rule: 'frames', parts: ['TypeError', 'FeedList (web/src/features/feed/components/feed-list.tsx)'] },
      frames: [
        { function: 'FeedList', file: 'web/src/features/feed/components/feed-list.tsx', line: 42, column: 17, inApp: true },
        { function: 'renderWithHooks', file: 'node_modules/react-dom/cjs/react-dom.production.js', line: 5012, column: 3, inApp: false },
      ],
      occurrences: [
        { id: 'o2', occurredAt: '2026-11-29T11:00:00.000Z', message: group().message, requestMethod: null, requestPath: '/feed', userId: null, appVersion: '0.1.0' },
      ],
      history: [{ action: 'resolved', by: 'admin-1', byName: 'Ada Admin', at: '2026-11-28T10:00:00.000Z', reason: 'fixed the empty feed', appVersion: '0.1.0' }],
      ...extra,
    });
  const view = (d: ErrorGroupDetail) => html(<ErrorDetailsView detail={d} busy={false} onAct={async () => {}} />);

  it('says why the occurrences are one group, and shows the resolved stack with our frames highlighted at their file and line', () => {
    const page = view(detail());
    expect(text(page)).toContain(`Why grouped ${groupingText({ rule: 'frames', parts: [] })} TypeError FeedList (web/src/features/feed/components/feed-list.tsx)`);
    const frames = [...page.matchAll(/<li[^>]*data-in-app="(true|false)"[^>]*>(.*?)<\/li>/g)].map((m) => `${m[1]} ${text(m[2]!)}`);
    expect(frames).toEqual([
      'true FeedList web/src/features/feed/components/feed-list.tsx:42:17 Our code',
      'false renderWithHooks node_modules/react-dom/cjs/react-dom.production.js:5012:3',
    ]);
    expect(page).toMatch(/data-in-app="true"[^>]*class="[^"]*bg-amber-50|class="[^"]*bg-amber-50[^"]*"[^>]*data-in-app="true"/);
  });

  it('shows the last occurrences, the history (who, when, why), and Resolve and Ignore for an open group', () => {
    const page = text(view(detail()));
    expect(page).toContain('Last occurrences');
    expect(page).toMatch(/Resolved by Ada Admin, .+ \(version 0\.1\.0\) fixed the empty feed/);
    expect(page).toMatch(/Why .*Resolve Ignore$/);
  });

  it('shows the stack as printed when it has no resolved frames, and offers Reopen for a resolved group', () => {
    const page = view(detail({ frames: [], group: group({ status: 'resolved', resolved: true }) }));
    expect(page).toContain('data-testid="error-stack-raw"');
    expect(text(page)).toMatch(/Reopen$/);
  });

  it('offers Resolve and Ignore for a regressed group, and says a 409 in words', () => {
    expect(actionsFor('regressed')).toEqual(['resolve', 'ignore']);
    expect(actionsFor('ignored')).toEqual(['reopen']);
    expect(actionFailureText(new ApiError('API request failed: Conflict', 409, 'error group already resolved'))).toBe(errorTexts.alreadyInStatus);
    expect(actionFailureText(new ApiError('API request failed: Bad Request', 400, 'Say why, in a few words'))).toBe('Say why, in a few words');
    expect(actionFailureText(new TypeError('Failed to fetch'))).toMatch(/not saved/);
  });
});

describe("the dashboard's Error Monitoring tab", () => {
  it('lists type, severity, an Unresolved badge (none for a resolved group), message, path, category, member and time', () => {
    const page = html(
      <ErrorMonitoringList
        groups={[group(), group({ id: 'aaaaaaaaaaaaaaaa', errorType: 'RangeError', status: 'resolved', resolved: true })]}
        failed={false}
        onRetry={noop}
      />,
    );
    const rows = [...page.matchAll(/<li[^>]*data-group="[0-9a-f]+"[^>]*>(.*?)<\/li>/g)].map((m) => text(m[1]!));
    expect(rows[0]).toMatch(/^TypeError High Unresolved Browser Cannot read .* \/feed member-0… .+$/);
    expect(rows[1]).toMatch(/^RangeError High Browser /);
  });

  it("says 'No recent errors' when there is none, and a failure with a way to try again", () => {
    expect(text(html(<ErrorMonitoringList groups={[]} failed={false} onRetry={noop} />))).toBe(errorTexts.emptyLog);
    expect(text(html(<ErrorMonitoringList groups={undefined} failed onRetry={noop} />))).toContain('Try again');
  });
});
