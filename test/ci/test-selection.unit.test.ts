// Issue 29 items 19 and 24: the PostgreSQL pass of `npm test` runs only the int files that reach the
// database engine (scripts/engine-tests.ts), and runs print their slowest files (scripts/slowest-files.ts).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { engineTestFiles } from '../../scripts/engine-tests.js';
import { slowestLines } from '../../scripts/slowest-files.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

describe('the int files the PostgreSQL pass runs', () => {
  const tree = mkdtempSync(join(tmpdir(), 'skillswap-engine-files-'));
  afterAll(() => rmSync(tree, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(tree, path)), { recursive: true });
    writeFileSync(join(tree, path), text);
  };

  it('are those that read TEST_DATABASE_URL themselves or through what they import, cycles included', () => {
    write('test/support/server.ts', "import { other } from './cycle.js';\nexport const url = process.env.TEST_DATABASE_URL;\n");
    write('test/support/cycle.ts', "import { url } from './server.js';\nexport const other = url;\n");
    write('test/support/pure.ts', "import { b } from './pure-b.js';\nexport const a = b;\n");
    write('test/support/pure-b.ts', "import { a } from './pure.js';\nexport const b = () => a;\n");
    write('test/api/direct.int.test.ts', 'const url = process.env.TEST_DATABASE_URL;\n');
    write('test/api/through-helper.int.test.ts', "import { other } from '../support/cycle.js';\n");
    write('test/api/pure.int.test.ts', "import { a } from '../support/pure.js';\nimport pg from 'pg';\n");
    write('test/api/blanks-it.int.test.ts', "spawn('npx', [], { env: { TEST_DATABASE_URL: '' } });\n");
    write('test/api/direct.unit.test.ts', 'const url = process.env.TEST_DATABASE_URL;\n');
    write('test/e2e/page.e2e.test.ts', "import { url } from '../support/server.js';\n");
    expect(engineTestFiles(tree)).toEqual(['test/api/direct.int.test.ts', 'test/api/through-helper.int.test.ts']);
  });

  it('in this repository: the server, event-store and projection tests, not the lint, lock or link-name tests', () => {
    const files = engineTestFiles(root);
    expect(files).toEqual(
      expect.arrayContaining([
        'test/api/users.int.test.ts',
        'test/conformance/event-store-conformance.int.test.ts',
        'eventstore/sql-event-store.int.test.ts',
        'projections/balances/balances.int.test.ts',
        'commands/ledger.int.test.ts',
        'test/api/migrate-events.int.test.ts',
      ]),
    );
    for (const file of [
      'test/lint/import-boundaries.int.test.ts',
      'test/lint/skipped-tests.int.test.ts',
      'test/api/data-dir-lock.int.test.ts',
      'test/api/link-preview-names.int.test.ts',
      'commands/runtime/stream-cache.int.test.ts',
    ]) {
      expect(files).not.toContain(file);
    }
    expect(files.every((file) => file.endsWith('.int.test.ts'))).toBe(true);
  });
});

describe('the slowest files', () => {
  it('are listed slowest first over every pass, ten of them, with their tier and pass', () => {
    const times = (n: number, project: string) => Array.from({ length: n }, (_, i) => ({ file: `${project}/f${i}.test.ts`, project, ms: (i + 1) * 1000 }));
    const lines = slowestLines([
      { label: 'pglite', times: times(8, 'int') },
      { label: 'postgres', times: [{ file: 'slow.int.test.ts', project: 'int', ms: 95_400 }, ...times(4, 'e2e')] },
    ]);
    expect(lines).toHaveLength(11);
    expect(lines[0]).toBe('Slowest test files:');
    expect(lines[1]).toMatch(/^\s+95\.4 s {2}slow\.int\.test\.ts\s+\(int, postgres\)$/);
    expect(lines[2]).toMatch(/^\s+8\.0 s {2}int\/f7\.test\.ts\s+\(int, pglite\)$/);
    expect(lines.at(-1)).toMatch(/^\s+2\.0 s /);
  });
});
