// The development clock of `npm run dev` (issue 29 item 17): how DEV_CLOCK_OFFSET reads, and that the
// platform's own start (npm start, api/main.ts) refuses it.
import { describe, expect, it } from 'vitest';
import { parseDevClockOffset, shiftedClock } from '../../api/dev-clock.js';
import { shiftDateScript } from '../../web/build/dev-clock.js';
import { problemsOf } from '../support/config-problems.js';

const REAL_NOW = Date.parse('2026-12-07T08:00:00.000Z');
const HOUR = 3_600_000;

describe('the development clock', () => {
  it('moves by an offset in seconds, minutes, hours or days, either way', () => {
    expect(parseDevClockOffset('+26h', REAL_NOW)).toBe(26 * HOUR);
    expect(parseDevClockOffset('-30m', REAL_NOW)).toBe(-30 * 60_000);
    expect(parseDevClockOffset('3d', REAL_NOW)).toBe(72 * HOUR);
    expect(parseDevClockOffset('+90.5s', REAL_NOW)).toBe(90_500);
  });

  it('starts at an instant with its zone, and runs on from there', () => {
    expect(parseDevClockOffset('2026-12-08T11:05:00Z', REAL_NOW)).toBe(27 * HOUR + 5 * 60_000);
    expect(parseDevClockOffset('2026-12-07T10:00:00+01:00', REAL_NOW)).toBe(HOUR);
    let real = REAL_NOW;
    const clock = shiftedClock(HOUR, () => real);
    expect(clock().toISOString()).toBe('2026-12-07T09:00:00.000Z');
    real += 60_000;
    expect(clock().toISOString()).toBe('2026-12-07T09:01:00.000Z');
  });

  it('refuses anything else, naming the variable and the forms it takes', () => {
    for (const bad of ['tomorrow', '+2w', '2026-12-08T11:05:00', '26']) {
      expect(() => parseDevClockOffset(bad, REAL_NOW)).toThrow(/^DEV_CLOCK_OFFSET must be an offset such as \+26h/);
    }
  });

  it('is refused by the platform start, whatever its value', () => {
    expect(problemsOf({ DEV_CLOCK_OFFSET: '+26h' })).toContain('DEV_CLOCK_OFFSET is for `npm run dev` only');
    expect(problemsOf({ DEV_CLOCK_OFFSET: '' })).toContain('DEV_CLOCK_OFFSET is for `npm run dev` only');
  });

  it("shifts the dev client's Date by the same offset, leaving explicit dates alone", () => {
    const window = { Date } as { Date: DateConstructor };
    new Function('window', shiftDateScript(HOUR))(window);
    const Shifted = window.Date;
    expect(Math.abs(Shifted.now() - (Date.now() + HOUR))).toBeLessThan(1_000);
    expect(Math.abs(new Shifted().getTime() - (Date.now() + HOUR))).toBeLessThan(1_000);
    expect(new Shifted(REAL_NOW).toISOString()).toBe('2026-12-07T08:00:00.000Z');
    expect(Shifted.parse('2026-12-07T08:00:00Z')).toBe(REAL_NOW);
  });
});
