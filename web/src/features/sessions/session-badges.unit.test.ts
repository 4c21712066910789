import { describe, expect, it } from 'vitest';
import type { Session } from '@contracts/sessions';
import { pointStatusText } from './components/session-badges';

type PointFields = Pick<Session, 'point_status' | 'held_points' | 'points_transferred' | 'cost'>;
const points = (overrides: Partial<PointFields>): PointFields => ({ point_status: 'held', held_points: 1, points_transferred: 0, cost: 1, ...overrides });

describe("a session's point status", () => {
  it('says point for one and points for more (issue 19 point 14)', () => {
    expect(pointStatusText(points({ held_points: 1 }))).toBe('1 point held');
    expect(pointStatusText(points({ held_points: 2, cost: 2 }))).toBe('2 points held');
    expect(pointStatusText(points({ held_points: 0, cost: 0 }))).toBe('1 point held');
    expect(pointStatusText(points({ point_status: 'transferred', points_transferred: 1 }))).toBe('1 point transferred');
    expect(pointStatusText(points({ point_status: 'transferred', points_transferred: 3, cost: 3 }))).toBe('3 points transferred');
    expect(pointStatusText(points({ point_status: 'refunded', cost: 1 }))).toBe('1 point refunded');
    expect(pointStatusText(points({ point_status: 'refunded', cost: 2 }))).toBe('2 points refunded');
    expect(pointStatusText(points({ point_status: 'none' }))).toBeNull();
  });
});
