// The tally `npm test` closes with, from vitest's JSON report: one line per skipped test (its title says
// why, e.g. `not run: PostgreSQL only; ...`), then `N passed, N failed, N skipped`, the line CI reads.
export interface VitestJsonReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: { status: string; assertionResults: { status: string; fullName: string }[] }[];
}

export interface Tally {
  passed: number;
  failed: number;
  skipped: number;
  /** `skipped: <full name>` per skipped test, then the closing line. */
  lines: string[];
}

export const tallyReport = (report: VitestJsonReport | null, exitStatus: number): Tally => {
  const lines: string[] = [];
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  if (report) {
    passed = report.numPassedTests;
    skipped = report.numPendingTests + report.numTodoTests;
    for (const file of report.testResults) {
      for (const test of file.assertionResults) {
        if (test.status === 'skipped' || test.status === 'pending' || test.status === 'todo') lines.push(`skipped: ${test.fullName}`);
      }
    }
    // A file that fails to load (or in a hook outside any test) counts as one failure even though no
    // test in it failed. vitest's numFailedTestSuites is not that: it also counts the file and every
    // describe around a failed test, so one failed test read "3 failed".
    const filesFailedOutsideTests = report.testResults.filter(
      (file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'),
    ).length;
    failed = report.numFailedTests + filesFailedOutsideTests;
  }
  if (exitStatus !== 0 && failed === 0) failed = 1;
  lines.push(`${passed} passed, ${failed} failed, ${skipped} skipped`);
  return { passed, failed, skipped, lines };
};
