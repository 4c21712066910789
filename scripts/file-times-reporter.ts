// A vitest reporter that records how long each test file took (importing it, its hooks and its tests:
// the JSON report's per-file times leave out the beforeAll that starts a server), for the slowest
// files `npm test` and `.ci/run` print (scripts/slowest-files.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

export interface FileTime {
  file: string;
  project: string;
  ms: number;
}

export const FILE_TIMES_PATH = 'test-results/file-times.json';

export default class FileTimesReporter implements Reporter {
  onTestRunEnd(testModules: readonly TestModule[]): void {
    const times: FileTime[] = testModules.map((module) => {
      const d = module.diagnostic();
      return {
        file: relative(process.cwd(), module.moduleId),
        project: module.project.name,
        ms: Math.round(d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration),
      };
    });
    mkdirSync('test-results', { recursive: true });
    writeFileSync(FILE_TIMES_PATH, JSON.stringify(times, null, 1));
  }
}
