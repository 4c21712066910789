// Which integration test files reach the database engine, so the PostgreSQL pass of `npm test` runs
// only those (the unit tier, the e2e tier and the int files on PGlite only or on no database at all
// ran in the PGlite pass, and running them again on a PostgreSQL machine proves nothing new).
// The rule needs no list to keep: an int file is an engine test when it, or a module it imports
// (followed through relative imports), reads `process.env.TEST_DATABASE_URL`, which is how every
// helper choosing between PGlite and PostgreSQL decides (test/support/test-server.ts,
// test-event-store.ts, test/projections/support/test-databases.ts, test/conformance/temp-database.ts).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const READS_ENGINE = /process\.env\.TEST_DATABASE_URL\b/;
const RELATIVE_IMPORT = /(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'data', 'test-results', '.git']);

/** Every `*.int.test.ts` under root, repository-relative, in name order. */
export const intTestFiles = (root: string): string[] => {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      if (entry.isDirectory() && !SKIP_DIRS.has(entry.name) && !entry.name.startsWith('.')) walk(join(dir, entry.name));
      else if (entry.isFile() && entry.name.endsWith('.int.test.ts')) found.push(join(dir, entry.name));
    }
  };
  walk('');
  return found.sort();
};

/** The file a relative specifier names (`./x.js` is `./x.ts` in the sources), or null outside the sources. */
const resolveImport = (from: string, specifier: string): string | null => {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'), base, `${base}.ts`, join(base, 'index.ts')]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
};

/** The int test files (repository-relative) whose own code or relative imports read TEST_DATABASE_URL. */
export const engineTestFiles = (root: string): string[] => {
  const reads = new Map<string, boolean>();
  const readsEngine = (file: string): boolean => {
    const known = reads.get(file);
    if (known !== undefined) return known;
    reads.set(file, false); // an import cycle ends here; the file's own answer replaces it below
    const source = readFileSync(file, 'utf8');
    let answer = READS_ENGINE.test(source);
    for (const match of source.matchAll(RELATIVE_IMPORT)) {
      if (answer) break;
      const target = resolveImport(file, match[1]!);
      if (target && !target.includes('/node_modules/')) answer = readsEngine(target);
    }
    reads.set(file, answer);
    return answer;
  };
  return intTestFiles(root)
    .filter((file) => readsEngine(join(root, file)))
    .map((file) => relative(root, join(root, file)));
};
