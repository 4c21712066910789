// The spec's numbers are written out here on purpose: changing a constant must fail this test.
import { describe, expect, it } from 'vitest';
import { dashboardQuerySchema } from '@contracts/dashboard';
import { dashboardPageLimit } from './dashboard-rules';

describe('the dashboard session list (spec 000 §7, §9)', () => {
  it('shows 5 sessions per page', () => {
    expect(dashboardPageLimit(false)).toBe(5);
  });

  it('loads 100 per page while highlighting a session', () => {
    expect(dashboardPageLimit(true)).toBe(100);
  });

  it('answers 5 per page when a client names no limit', () => {
    expect(dashboardQuerySchema.parse({}).limit).toBe(5);
  });
});
