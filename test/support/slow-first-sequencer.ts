// Vitest's order on a fresh clone (no results cache) runs each project's larger files first, so a small but
// slow file can start last and hold a pass open alone: the PostgreSQL pass's crash-follow-ups (160 lines,
// 54 s) ran as its last file while the other worker had nothing left to do. The files the CI run's
// "Slowest test files" names go first within their project, longest first; the rest keep vitest's order.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** From the CI runs' reports (2026-11-30, slowest first); a file missing from the run is skipped. */
export const SLOW_FILES = [
  'test/e2e/admin-errors.e2e.test.ts',
  'test/e2e/accessibility-sessions.e2e.test.ts',
  'test/e2e/admin-ledger-audit.e2e.test.ts',
  'test/e2e/accessibility.e2e.test.ts',
  'test/e2e/dashboard-states.e2e.test.ts',
  'test/e2e/notifications-page.e2e.test.ts',
  'test/e2e/admin-audit.e2e.test.ts',
  'test/e2e/admin-dashboard.e2e.test.ts',
  'test/e2e/admin-walk.e2e.test.ts',
  'test/e2e/mobile-layout.e2e.test.ts',
  'test/api/crash-follow-ups.int.test.ts',
  'test/api/fuzz.int.test.ts',
  'test/api/database-connection-loss.int.test.ts',
  'test/api/assistant-crash.int.test.ts',
  'test/projections/crash-resume.int.test.ts',
  'test/conformance/event-store-conformance.int.test.ts',
  'test/api/start-up.int.test.ts',
];

const rankOf = (spec: TestSpecification): number => {
  const rank = SLOW_FILES.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
  return rank === -1 ? SLOW_FILES.length : rank;
};

export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Projects run one after another in the base order: reorder within each, never across.
    const groups: TestSpecification[][] = [];
    for (const spec of sorted) {
      const last = groups.at(-1);
      if (last && last[0]!.project.name === spec.project.name) last.push(spec);
      else groups.push([spec]);
    }
    return groups.flatMap((group) => [...group].sort((a, b) => rankOf(a) - rankOf(b)));
  }
}
