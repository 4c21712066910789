// The dashboard's panels fed contract-shaped figures (adminStatsSchema parses each one), drawn as HTML.
import { adminStatsSchema, adminStatsTexts, type AdminStats } from '@contracts/admin-stats';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ConversionFunnel, opportunities } from './conversion-funnel';
import { SummaryCards, type HealthRead } from './summary-cards';
import { healthTexts, type HealthCheck, type HealthMetrics } from '@contracts/admin-health';
import { stepRates, UserJourney } from './user-journey';
import { staticText } from '@/ui/testing/static-text';

const fig = (value: number, yesterday = value) => ({ value, yesterday });

/** 200 members: 120 added skills, 80 profile ready, 30 booked; 40 sessions. */
const statsWith = (extra: Partial<AdminStats> = {}): AdminStats =>
  adminStatsSchema.parse({
    asOf: '2026-11-29T10:00:00.000Z',
    totalUsers: fig(200, 180),
    newUsersToday: fig(20, 0),
    activeUsers: fig(50, 50),
    totalSessions: fig(40, 32),
    totalErrors: null,
    unresolvedErrors: null,
    systemHealth: null,
    avgResponseTime: null,
    sessionFunnelMetrics: { sessionConversionRate: 15, sessionReadyUsers: fig(80, 70), usersWithTeachingSkills: fig(120, 100), profileToSessionRate: 37.5 },
    userGrowthMetrics: { profileCompletionRate: 40 },
    journey: [
      { step: 'signedUp', reached: fig(200, 180), stopped: 80 },
      { step: 'addedSkills', reached: fig(120, 100), stopped: 40 },
      { step: 'profileReady', reached: fig(80, 70), stopped: 50 },
      { step: 'bookedSession', reached: fig(30, 25), stopped: 0 },
    ],
    ...extra,
  });

const noSessions = () =>
  statsWith({
    totalSessions: fig(0, 0),
    journey: statsWith().journey.map((s) => (s.step === 'bookedSession' ? { ...s, reached: fig(0, 0) } : s)),
  });

const text = staticText;
const within = (html: string, testId: string) => text(html.match(new RegExp(`data-testid="${testId}"[^>]*>(.*?)</div></div>`))?.[1] ?? '');

describe('the conversion funnel', () => {
  it("shows the overall conversion, the members with new today, the ready and teaching shares, and 'Great progress!' once sessions exist", () => {
    const html = renderToStaticMarkup(<ConversionFunnel stats={statsWith()} />);
    expect(text(html)).toContain('Overall conversion 15%');
    expect(within(html, 'funnel-users')).toContain('200');
    expect(text(html)).toContain('20 new today');
    expect(within(html, 'funnel-ready')).toMatch(/^Profile ready 80 40% of users \+10 \(\+14\.3%\) vs the same time yesterday/);
    expect(within(html, 'funnel-teaching')).toMatch(/^Teaching skills 120 60% of users/);
    expect(within(html, 'funnel-sessions')).toMatch(/^Sessions created 40/);
    expect(text(html)).toContain(adminStatsTexts.greatProgress);
    expect(text(html)).not.toContain(adminStatsTexts.priority);
    expect(html).not.toContain('funnel-opportunities');
  });

  it("says 'PRIORITY: First session needed!' with no session, and shows the opportunity banners while members are ready", () => {
    const html = renderToStaticMarkup(<ConversionFunnel stats={noSessions()} />);
    expect(text(html)).toContain(adminStatsTexts.priority);
    expect(html).toContain('data-testid="funnel-opportunities"');
    expect(opportunities(noSessions())).toEqual([
      '80 members are ready for a first session: invite them to book one.',
      '120 members teach a skill nobody has booked yet: feature them on the feed.',
    ]);
    // Nobody ready: nothing to act on yet, so no banner.
    const nobodyReady = { ...noSessions(), sessionFunnelMetrics: { ...noSessions().sessionFunnelMetrics, sessionReadyUsers: fig(0, 0) } };
    expect(opportunities(nobodyReady)).toEqual([]);
    expect(opportunities(statsWith())).toEqual([]);
  });
});

describe('the user journey', () => {
  it("shows each step's members, the stopped counts as buttons, and 'Active!' once sessions are booked", () => {
    const html = renderToStaticMarkup(<UserJourney stats={statsWith()} onOpenStopped={() => {}} />);
    expect(text(html)).toMatch(/Signed up 200 \+20 \(\+11\.1%\) vs the same time yesterday 80 stopped here/);
    expect(html).toContain('aria-label="40 stopped at Added skills: show them"');
    expect(html).toContain('aria-label="50 stopped at Profile ready: show them"');
    // The last step has no next step: nobody 'stops' there.
    expect(html).not.toContain('journey-bookedSession-stopped');
    expect(text(html)).toContain(`Sessions created ${adminStatsTexts.active} 30 members who booked a session`);
    expect(text(renderToStaticMarkup(<UserJourney stats={noSessions()} onOpenStopped={() => {}} />))).toContain(`Sessions created ${adminStatsTexts.needsFocus} 0`);
  });

  it('gives the step conversions, signup to skills, skills to profile ready, and profile to sessions from the server', () => {
    expect(stepRates(statsWith()).map((r) => [r.label, r.rate])).toEqual([
      ['Signup to skills', 60],
      ['Skills to profile ready', (80 / 120) * 100],
      ['Profile to sessions', 37.5],
    ]);
    const html = renderToStaticMarkup(<UserJourney stats={statsWith()} onOpenStopped={() => {}} />);
    expect(text(html)).toContain('Signup to skills 60% Skills to profile ready 66.7% Profile to sessions 37.5%');
    // Nobody signed up: 0%, not NaN.
    const empty = statsWith({ journey: statsWith().journey.map((s) => ({ ...s, reached: fig(0, 0), stopped: 0 })) });
    expect(
      stepRates(empty)
        .slice(0, 2)
        .map((r) => r.rate),
    ).toEqual([0, 0]);
  });
});

describe('the summary cards', () => {
  it("show users with active today and sessions, and 'no data yet' for health and errors while the server answers null", () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <SummaryCards stats={statsWith()} />
      </MemoryRouter>,
    );
    expect(within(html, 'card-users')).toMatch(/^Total users 200 \+20 \(\+11\.1%\) vs the same time yesterday 50 active today No change vs the same time yesterday/);
    expect(within(html, 'card-sessions')).toMatch(/^Active sessions 40 Live user sessions/);
    expect(within(html, 'card-health')).toBe(`System health ${adminStatsTexts.noData} Average response: ${adminStatsTexts.noData}`);
    expect(within(html, 'card-errors')).toBe(`Errors unresolved ${adminStatsTexts.noData} Total logged: ${adminStatsTexts.noData}`);
  });

  it('show health in its colour with the average response time, and the errors, once the server has them', () => {
    const html = renderToStaticMarkup(<SummaryCards stats={statsWith({ systemHealth: 'degraded', avgResponseTime: 41.6, unresolvedErrors: 3, totalErrors: 17 })} />);
    expect(within(html, 'card-health')).toBe('System health Degraded Average response 42 ms');
    expect(html).toMatch(/bg-amber-50[^"]*">Degraded/);
    expect(within(html, 'card-errors')).toBe('Errors unresolved 3 17 logged in total');
  });

  it("show the health grade of the checks in the spec's colour, the average response and the checks that are not healthy", () => {
    const check = (name: HealthCheck['name'], status: HealthCheck['status'], detail: string): HealthCheck => ({
      name,
      status,
      value: 1,
      unit: 'followers',
      detail,
      degradedAt: 1,
      criticalAt: null,
    });
    const report = (systemHealth: HealthMetrics['systemHealth'], checks: HealthCheck[], avgResponseTime: number | null): HealthMetrics => ({
      systemHealth,
      avgResponseTime,
      checks,
      checkedAt: '2026-12-01T10:00:00.000Z',
    });
    const card = (health: HealthRead) =>
      renderToStaticMarkup(
        <MemoryRouter>
          <SummaryCards stats={statsWith()} health={health} />
        </MemoryRouter>,
      );
    const healthy = card({ data: report('healthy', [check('database', 'healthy', 'Answered in 2 ms')], 12.4), failed: false });
    expect(within(healthy, 'card-health')).toBe('System health Healthy Average response 12 ms See every check');
    expect(healthy).toMatch(/bg-emerald-50[^"]*">Healthy/);
    const degraded = card({ data: report('degraded', [check('followers', 'degraded', 'Not running: members (projector, paused)')], null), failed: false });
    expect(within(degraded, 'card-health')).toBe(
      'System health Degraded Average response: no requests in the last minute Projectors and reactors: Not running: members (projector, paused) See every check',
    );
    expect(degraded).toMatch(/bg-amber-50[^"]*">Degraded/);
    expect(card({ data: report('critical', [], 5), failed: false })).toMatch(/bg-red-50[^"]*">Critical/);
    // Anything else is grey: the checks could not be read.
    const failed = card({ data: undefined, failed: true });
    expect(within(failed, 'card-health')).toBe(`System health Unknown ${healthTexts.healthFailed}`);
    expect(failed).toMatch(/bg-slate-100[^"]*">Unknown/);
  });

  it('keep their places with a dash while the figures load or could not be read', () => {
    const html = renderToStaticMarkup(<SummaryCards stats={undefined} />);
    for (const card of ['card-users', 'card-sessions', 'card-health', 'card-errors']) expect(html).toMatch(new RegExp(`data-testid="${card}-value"[^>]*>–<`));
  });
});
