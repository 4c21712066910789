import type { TestSpecification, Vitest } from 'vitest/node';
import { describe, expect, it } from 'vitest';
import { SLOW_FILES, SlowFirstSequencer } from './slow-first-sequencer.js';

const root = '/repo';
// The base order reads file sizes from the results cache; with none known it keeps the given order.
const ctx = { config: { root }, cache: { getFileTestResults: () => undefined, getFileStats: () => undefined } } as unknown as Vitest;
const spec = (project: string, file: string) =>
  ({ project: { name: project, config: { sequence: { groupOrder: 0 }, isolate: false } }, moduleId: `${root}/${file}` }) as unknown as TestSpecification;
const order = async (specs: TestSpecification[]) => (await new SlowFirstSequencer(ctx).sort(specs)).map((s) => `${s.project.name}:${s.moduleId.slice(root.length + 1)}`);

describe('the slow-first test order', () => {
  it("starts a project's known slow files first, slowest first, and keeps the others in vitest's order", async () => {
    const specs = [
      spec('int', 'a.int.test.ts'),
      spec('int', 'test/api/fuzz.int.test.ts'),
      spec('int', 'b.int.test.ts'),
      spec('int', 'test/api/crash-follow-ups.int.test.ts'),
    ];
    expect(await order(specs)).toEqual(['int:test/api/crash-follow-ups.int.test.ts', 'int:test/api/fuzz.int.test.ts', 'int:a.int.test.ts', 'int:b.int.test.ts']);
    expect(SLOW_FILES.indexOf('test/api/crash-follow-ups.int.test.ts')).toBeLessThan(SLOW_FILES.indexOf('test/api/fuzz.int.test.ts'));
  });

  it('never moves a file into another project, which runs before or after it as a whole', async () => {
    const specs = [spec('e2e', 'test/e2e/x.e2e.test.ts'), spec('int', 'a.int.test.ts'), spec('int', 'test/api/fuzz.int.test.ts')];
    expect(await order(specs)).toEqual(['e2e:test/e2e/x.e2e.test.ts', 'int:test/api/fuzz.int.test.ts', 'int:a.int.test.ts']);
  });
});
