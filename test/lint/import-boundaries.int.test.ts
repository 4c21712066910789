// `npm run lint`'s ESLint (the repository's eslint.config.js, through ESLint's Node API) refuses a
// deliberately wrong import of each forbidden kind, an import cycle (type-only included), a clock or id
// read in domain/ and a focused or skipped test; it lets the allowed imports through. That the tree
// itself passes is `npm run lint`'s own job (CI runs it once, before the tests), so it is not linted
// again here. Fixtures are linted as text under a path in the right folder; the import targets are
// real files picked from each folder, so the test follows the tree as files move.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ESLint } from 'eslint';
import type { Linter } from 'eslint';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import type { CommandRuntime, ProcessRuntime } from '../../commands/runtime/types.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
// eslint.config.js is JavaScript, outside what tsc checks: loaded by URL, its one export for this test typed here.
const { webContractTypesOnly } = (await import(pathToFileURL(join(root, 'eslint.config.js')).href)) as { webContractTypesOnly: Linter.Config };
const eslint = new ESLint({ cwd: root });

/** The first source file (not a test, not a declaration) under `dir`, in name order, repository-relative. */
const aSourceFileIn = (dir: string, skip: (path: string) => boolean = () => false): string => {
  const walk = (at: string): string | undefined => {
    for (const entry of readdirSync(join(root, at), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = `${at}/${entry.name}`;
      if (skip(path)) continue;
      const found = entry.isDirectory() ? walk(path) : /(?<!\.test|\.d)\.tsx?$/.test(entry.name) ? path : undefined;
      if (found) return found;
    }
    return undefined;
  };
  const found = walk(dir);
  if (!found) throw new Error(`no source file under ${dir}`);
  return found;
};

const features = readdirSync(join(root, 'web/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const [featureA, featureB] = features as [string, string];
const target = {
  domain: aSourceFileIn('domain'),
  eventstore: aSourceFileIn('eventstore'),
  telemetry: aSourceFileIn('telemetry'),
  commands: aSourceFileIn('commands'),
  projections: aSourceFileIn('projections'),
  contracts: aSourceFileIn('api/contracts'),
  apiInternals: aSourceFileIn('api', (path) => path === 'api/contracts'),
  webLib: aSourceFileIn('web/src/lib'),
  webApp: aSourceFileIn('web/src/app'),
  featureB: aSourceFileIn(`web/src/features/${featureB}`),
  testSupport: aSourceFileIn('test/support'),
  /** A domain file that is not domain/shared.ts (the one domain/ file the command runtime may import). */
  domainDecider: aSourceFileIn('domain', (path) => path === 'domain/shared.ts'),
  commandsRuntime: aSourceFileIn('commands/runtime'),
  projectionsRuntime: aSourceFileIn('projections/runtime'),
  projectionsRebuild: aSourceFileIn('projections/rebuild'),
  /** A read model's own file (outside the runtime, rebuild/ and the Projector contract). */
  readModel: aSourceFileIn('projections', (path) => ['projections/runtime', 'projections/rebuild', 'projections/types.ts'].includes(path)),
};

/** The specifier that imports `to` from a file at `from` (both repository-relative), as the house writes it. */
const specifier = (from: string, to: string) => {
  const path = relative(dirname(from), to).replace(/\.tsx?$/, '.js');
  return path.startsWith('.') ? path : `./${path}`;
};
const importing = (from: string, to: string, kind: 'value' | 'type' = 'value') =>
  kind === 'value'
    ? `import * as target from '${specifier(from, to)}';\nexport { target };\n`
    : `import type * as target from '${specifier(from, to)}';\nexport type { target };\n`;

const lint = async (filePath: string, code: string, overrideConfig?: Linter.Config) => {
  const linter = overrideConfig ? new ESLint({ cwd: root, overrideConfig }) : eslint;
  const [result] = await linter.lintText(code, { filePath: join(root, filePath) });
  return result!.messages.map((m) => `${m.ruleId ?? 'fatal'}: ${m.message}`);
};
const RESTRICTED_PATH = 'import-x/no-restricted-paths';

describe('import boundaries', () => {
  // [what is forbidden, the importing file, the imported file]
  const forbidden: [string, string, string][] = [
    ['domain/ importing eventstore/', 'domain/lint-fixture.ts', target.eventstore],
    ['domain/ importing commands/', 'domain/member/lint-fixture.ts', target.commands],
    ['domain/ importing api/contracts', 'domain/lint-fixture.ts', target.contracts],
    ['eventstore/ importing domain/', 'eventstore/lint-fixture.ts', target.domain],
    ['eventstore/ importing commands/', 'eventstore/lint-fixture.ts', target.commands],
    ['eventstore/ importing projections/', 'eventstore/lint-fixture.ts', target.projections],
    ['eventstore/ importing api/contracts', 'eventstore/lint-fixture.ts', target.contracts],
    ['eventstore/ importing api/ internals', 'eventstore/lint-fixture.ts', target.apiInternals],
    ['eventstore/ importing web/', 'eventstore/lint-fixture.ts', target.webLib],
    ['domain/ importing web/', 'domain/lint-fixture.ts', target.webLib],
    ['telemetry/ importing api/ internals', 'telemetry/lint-fixture.ts', target.apiInternals],
    ['telemetry/ importing projections/', 'telemetry/lint-fixture.ts', target.projections],
    ['eventstore/ importing telemetry/', 'eventstore/lint-fixture.ts', target.telemetry],
    ['commands/ importing telemetry/', 'commands/lint-fixture.ts', target.telemetry],
    ['api/ importing an entry point (test/)', 'api/routes/lint-fixture.ts', target.testSupport],
    ['commands/ importing projections/', 'commands/lint-fixture.ts', target.projections],
    ['projections/ importing commands/', 'projections/lint-fixture.ts', target.commands],
    ['commands/ importing api/ internals', 'commands/lint-fixture.ts', target.apiInternals],
    ['projections/ importing api/ internals', 'projections/lint-fixture.ts', target.apiInternals],
    ['api/ importing web/', 'api/lint-fixture.ts', target.webLib],
    ['commands/ importing web/', 'commands/lint-fixture.ts', target.webLib],
    ['api/contracts importing api/ internals', 'api/contracts/lint-fixture.ts', target.apiInternals],
    ['api/contracts importing commands/', 'api/contracts/lint-fixture.ts', target.commands],
    ['api/contracts importing web/', 'api/contracts/lint-fixture.ts', target.webLib],
    ['commands/ importing an entry point (test/)', 'commands/lint-fixture.ts', target.testSupport],
    ['web/ importing api/ internals', 'web/src/lib/lint-fixture.ts', target.apiInternals],
    ['web/ importing domain/', `web/src/features/${featureA}/lint-fixture.ts`, target.domain],
    ['web/ importing projections/', 'web/src/app/lint-fixture.ts', target.projections],
    ['web/ importing eventstore/', 'web/src/lib/lint-fixture.ts', target.eventstore],
    [`a web feature (${featureA}) importing another (${featureB})`, `web/src/features/${featureA}/components/lint-fixture.tsx`, target.featureB],
    ['web/src/lib importing a feature', 'web/src/lib/lint-fixture.ts', target.featureB],
    ['web/src/ui importing the app shell', 'web/src/ui/lint-fixture.tsx', target.webApp],
    ['a web feature importing the app shell', `web/src/features/${featureA}/lint-fixture.ts`, target.webApp],
    ['commands/runtime/ importing a command feature', 'commands/runtime/lint-fixture.ts', target.commands],
    ['commands/runtime/ importing a domain file other than domain/shared.ts', 'commands/runtime/lint-fixture.ts', target.domainDecider],
    ['commands/runtime/ importing projections/ (reported once, by the runtime zone)', 'commands/runtime/lint-fixture.ts', target.projections],
    ['projections/runtime/ importing a read model', 'projections/runtime/lint-fixture.ts', target.readModel],
    ['projections/runtime/ importing api/contracts', 'projections/runtime/lint-fixture.ts', target.contracts],
    ['projections/runtime/ importing commands/ (reported once, by the runtime zone)', 'projections/runtime/lint-fixture.ts', target.commandsRuntime],
  ];

  it.each(forbidden)('refuses %s', async (_, from, to) => {
    expect(await lint(from, importing(from, to))).toEqual([expect.stringMatching(`^${RESTRICTED_PATH}: `)]);
    expect(await lint(from, importing(from, to, 'type'))).toEqual([expect.stringMatching(`^${RESTRICTED_PATH}: `)]);
  });

  const allowed: [string, string, string][] = [
    ['domain/ importing domain/', 'domain/member/lint-fixture.ts', target.domain],
    ['commands/ importing domain/ and eventstore/', 'commands/lint-fixture.ts', target.domain],
    ['commands/ importing eventstore/', 'commands/lint-fixture.ts', target.eventstore],
    ['projections/ importing api/contracts', 'projections/lint-fixture.ts', target.contracts],
    ['api/ importing commands/', 'api/lint-fixture.ts', target.commands],
    ['api/ importing telemetry/', 'api/routes/lint-fixture.ts', target.telemetry],
    ['telemetry/ importing eventstore/', 'telemetry/lint-fixture.ts', target.eventstore],
    ['api/contracts importing domain/', 'api/contracts/lint-fixture.ts', target.domain],
    ['a web feature importing api/contracts (values: WEB_MAY_IMPORT_CONTRACT_VALUES)', `web/src/features/${featureA}/lint-fixture.ts`, target.contracts],
    ['a web feature importing web/src/lib', `web/src/features/${featureA}/lint-fixture.ts`, target.webLib],
    ['the app shell importing a feature', 'web/src/app/lint-fixture.tsx', target.featureB],
    ['a test in projections/ borrowing a commands/ fixture', 'projections/lint-fixture.int.test.ts', target.commands],
    ['an entry point (test/) importing api/ internals', 'test/lint-fixture.ts', target.apiInternals],
    ['a test helper next to projections/ code borrowing test/ support', 'projections/sessions/testing.ts', target.testSupport],
    ['commands/runtime/ importing domain/shared.ts', 'commands/runtime/lint-fixture.ts', 'domain/shared.ts'],
    ['commands/runtime/ importing eventstore/', 'commands/runtime/lint-fixture.ts', target.eventstore],
    ['a command feature importing commands/runtime/', 'commands/sessions/lint-fixture.ts', target.commandsRuntime],
    ['projections/runtime/ importing the Projector contract (projections/types.ts)', 'projections/runtime/lint-fixture.ts', 'projections/types.ts'],
    ['projections/runtime/ importing its rebuild (projections/rebuild/)', 'projections/runtime/lint-fixture.ts', target.projectionsRebuild],
    ['projections/runtime/ importing eventstore/', 'projections/runtime/lint-fixture.ts', target.eventstore],
    ['a read model importing projections/runtime/', 'projections/members/lint-fixture.ts', target.projectionsRuntime],
  ];

  it.each(allowed)('allows %s', async (_, from, to) => {
    expect(await lint(from, importing(from, to))).toEqual([]);
  });

  it('lets web/ import only types from api/contracts once WEB_MAY_IMPORT_CONTRACT_VALUES is false', async () => {
    const from = `web/src/features/${featureA}/lint-fixture.ts`;
    expect(await lint(from, importing(from, target.contracts), webContractTypesOnly)).toEqual([
      expect.stringMatching('^@typescript-eslint/no-restricted-imports: .*only types from api/contracts'),
    ]);
    expect(await lint(from, importing(from, target.contracts, 'type'), webContractTypesOnly)).toEqual([]);
  });
});

describe('a feature sees the command runtime only', () => {
  const RESTRICTED_IMPORT = '@typescript-eslint/no-restricted-imports';
  const runtimeTypes = (from: string, name: string) => `import type { ${name} } from '${specifier(from, 'commands/runtime/types.ts')}';\nexport type { ${name} };\n`;

  it.each(['commands/messaging/lint-fixture.ts', 'commands/feed/lint-fixture.ts', 'commands/lint-fixture.ts'])('refuses the whole ProcessRuntime in %s', async (from) => {
    expect(await lint(from, runtimeTypes(from, 'ProcessRuntime'))).toEqual([expect.stringMatching(`^${RESTRICTED_IMPORT}: .*not ProcessRuntime`)]);
  });

  it("refuses the composition root's deps, which carry the whole runtime, in a feature", async () => {
    const from = 'commands/skill-likes/lint-fixture.ts';
    const code = `import type { CommandDeps } from '${specifier(from, 'commands/wiring.ts')}';\nexport type { CommandDeps };\n`;
    expect(await lint(from, code)).toEqual([expect.stringMatching(`^${RESTRICTED_IMPORT}: .*its own deps`)]);
  });

  it('allows CommandRuntime in a feature', async () => {
    expect(await lint('commands/messaging/lint-fixture.ts', runtimeTypes('commands/messaging/lint-fixture.ts', 'CommandRuntime'))).toEqual([]);
  });

  it.each([
    'commands/sessions/lint-fixture.ts',
    'commands/assistant/lint-fixture.ts',
    'commands/skill-catalogue/lint-fixture-reactor.ts',
    'commands/wiring.ts',
    'commands/all-reactors.ts',
  ])('allows the ProcessRuntime in %s, which runs processes', async (from) => {
    expect(await lint(from, runtimeTypes(from, 'ProcessRuntime'))).toEqual([]);
  });

  it('gives a feature neither a multi-stream write nor the raw reads (types)', () => {
    expectTypeOf<CommandRuntime>().toHaveProperty('handle');
    expectTypeOf<CommandRuntime>().toHaveProperty('load');
    expectTypeOf<CommandRuntime>().not.toHaveProperty('writeMany');
    expectTypeOf<CommandRuntime>().not.toHaveProperty('reads');
    expectTypeOf<CommandRuntime>().not.toHaveProperty('record');
    expectTypeOf<ProcessRuntime>().toExtend<CommandRuntime>();
  });
});

describe('a pure domain', () => {
  it.each(['node:crypto', 'pg', 'zod', 'immutable-js', 'immutable/dist/immutable.js'])("refuses the package '%s' in domain/", async (name) => {
    expect(await lint('domain/session/lint-fixture.ts', `import * as p from '${name}';\nexport { p };\n`)).toEqual([
      expect.stringMatching('^no-restricted-imports: .*domain/ is pure'),
    ]);
  });

  it.each([
    'export const at = () => Date.now();',
    'export const at = () => new Date();',
    'export const at = () => Date();',
    "import { randomUUID } from 'node:crypto';\nexport const id = () => randomUUID();",
    'export const id = () => crypto.randomUUID();',
    'export const pick = () => Math.random();',
  ])('refuses a clock or id read in domain/: %s', async (code) => {
    const messages = await lint('domain/session/lint-fixture.ts', code);
    expect(messages.filter((m) => m.startsWith('no-restricted-syntax: '))).toHaveLength(1);
  });

  it("allows the one package 'immutable' (decision 190)", async () => {
    expect(
      await lint('domain/session/lint-fixture.ts', "import { Map as ImmutableMap } from 'immutable';\nexport const empty = ImmutableMap<string, true>();\n"),
    ).toEqual([]);
  });

  it('allows parsing a given instant, and vitest in domain tests', async () => {
    expect(await lint('domain/session/lint-fixture.ts', 'export const at = (iso: string) => new Date(iso).getTime();')).toEqual([]);
    expect(await lint('domain/session/lint-fixture.unit.test.ts', "import { it } from 'vitest';\nit('runs', () => {});\n")).toEqual([]);
  });
});

describe('tests run in full', () => {
  // A space before each call's parenthesis keeps these fixtures out of greps for focused tests; the rule reads the syntax.
  it.each(["it.only ('x', () => {});", "describe.skip ('x', () => {});", "it.todo ('x');", "it.skip.each([1])('x %s', () => {});", "xit ('x', () => {});"])(
    'refuses %s',
    async (code) => {
      const messages = await lint('test/lint-fixture.int.test.ts', `${code}\n`);
      expect(messages).toEqual([expect.stringMatching('^no-restricted-syntax: ')]);
    },
  );
});

describe('import cycles', () => {
  let dir: string;
  const files: Record<string, string> = {
    // a -> b -> a through a type-only import (import-x/no-cycle would not see it)
    'a.ts': "import { b } from './b.js';\nexport interface A { n: number }\nexport const a = () => b();\n",
    'b.ts': "import type { A } from './a.js';\nexport const b = (): A => ({ n: 1 });\n",
    // c -> d -> e -> c through value imports and a re-export
    'c.ts': "import { d } from './d.js';\nexport const c = () => d;\n",
    'd.ts': "export { e as d } from './e.js';\n",
    'e.ts': "import { c } from './c.js';\nexport const e = () => c;\n",
    // f -> g without a way back
    'f.ts': "import { g } from './g.js';\nexport const f = () => g;\n",
    'g.ts': 'export const g = 1;\n',
  };
  const lintFile = async (name: string) => {
    const path = join(dir, name);
    const [result] = await eslint.lintFiles([path]);
    return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
  };

  beforeAll(() => {
    dir = mkdtempSync(join(root, 'test/lint/cycle-fixture-'));
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a cycle made with a type-only import, on both sides', async () => {
    const at = relative(root, dir);
    expect(await lintFile('a.ts')).toEqual([
      `skillswap/no-import-cycle: Import cycle: ${at}/a.ts -> ${at}/b.ts -> ${at}/a.ts. Move what both sides need into a module below them.`,
    ]);
    expect(await lintFile('b.ts')).toEqual([expect.stringContaining(`Import cycle: ${at}/b.ts -> ${at}/a.ts -> ${at}/b.ts.`)]);
  });

  it('refuses a cycle of three files through a re-export', async () => {
    const at = relative(root, dir);
    expect(await lintFile('c.ts')).toEqual([expect.stringContaining(`Import cycle: ${at}/c.ts -> ${at}/d.ts -> ${at}/e.ts -> ${at}/c.ts.`)]);
    expect(await lintFile('d.ts')).toEqual([expect.stringMatching('^skillswap/no-import-cycle: ')]);
  });

  it('allows imports that do not lead back', async () => {
    expect(await lintFile('f.ts')).toEqual([]);
    expect(await lintFile('g.ts')).toEqual([]);
  });
});
