// @ts-check
// ESLint for the whole repository (run by `npm run lint`, after tsc and before prettier --check).
// Besides the recommended rules it holds the house's guard rails: the import boundaries between the
// layers (DESIGN.md: web -> api -> commands | projections -> domain, everything -> eventstore), no
// import cycle, a pure domain, and no focused or skipped test. test/lint/import-boundaries.int.test.ts
// proves that each boundary fails on a wrong import.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { defineConfig } from 'eslint/config';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { noImportCycle } from './scripts/eslint/no-import-cycle.js';

const root = import.meta.dirname;

// --- The one switch for web/ and api/contracts -------------------------------------------------
// true: web/ may import values from api/contracts (zod schemas, texts, limits for its forms).
// false: web/ may import only *types* from api/contracts (`import type`), no runtime code of api/.
// Either way web/ imports nothing else of api/, and api/contracts imports only itself and domain/.
const WEB_MAY_IMPORT_CONTRACT_VALUES = true;

const TS = ['**/*.{ts,tsx}'];
const TESTS = ['**/*.test.{ts,tsx}'];
/** Tests and the helpers only tests import (`testing.ts`, `test-*.ts` next to the code they set up). */
const TEST_CODE = [...TESTS, '**/testing.ts', '**/test-*.ts'];
/** commands/ files that run processes and may take the whole ProcessRuntime (config skillswap/features-see-command-runtime). */
const FEATURES_MAY_RUN_PROCESSES = [
  'commands/runtime/**',
  'commands/sessions/**',
  'commands/assistant/**',
  'commands/**/*-reactor.ts',
  'commands/wiring.ts',
  'commands/all-reactors.ts',
];
const features = readdirSync(join(root, 'web/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** One zone of import-x/no-restricted-paths: files under `target` must not import from `from` (minus `except`). */
const zone = (target, from, message, except) => ({ target, from, message, ...(except ? { except } : {}) });

// Each layer names what it may import (everything else under the repository is refused), so each
// wrong import is reported once. Packages resolve outside these folders and are not restricted here.
const only = (target, allowed, message) => zone(target, '.', message, [...allowed, './node_modules']);
const boundaries = [
  only('./domain', ['./domain'], 'domain/ imports only domain/.'),
  only('./eventstore', ['./eventstore'], 'eventstore/ is the ground floor: it imports only eventstore/.'),
  only('./telemetry', ['./telemetry', './eventstore'], 'telemetry/ sits beside eventstore/: it imports only telemetry/ and eventstore/.'),
  // The two runtimes are zones of their own (and left out of their layer's zone, so a wrong import is
  // still reported once): features build on a runtime, a runtime never reaches into a feature.
  only(
    ['./commands/*.ts', './commands/!(runtime)/**'],
    ['./commands', './domain', './eventstore', './api/contracts'],
    'commands/ imports only commands/, domain/, eventstore/ and api/contracts (never projections/: CQRS).',
  ),
  only(
    './commands/runtime',
    ['./commands/runtime', './eventstore', './domain/shared.ts'],
    'commands/runtime/ imports only itself, eventstore/ and domain/shared.ts (the Decider and Event types), never a feature.',
  ),
  only(
    ['./projections/*.ts', './projections/!(runtime)/**'],
    ['./projections', './domain', './eventstore', './api/contracts'],
    'projections/ imports only projections/, domain/, eventstore/ and api/contracts (never commands/: CQRS).',
  ),
  // types.ts is the Projector contract the runtime runs, and rebuild/ is its blue/green rebuild (the
  // follower starts it; it drives the runtime's bookkeeping): both are the runtime's, not a read model's.
  only(
    './projections/runtime',
    ['./projections/runtime', './projections/types.ts', './projections/rebuild', './eventstore'],
    'projections/runtime/ imports only itself, projections/types.ts, projections/rebuild/ and eventstore/, never a read model.',
  ),
  only('./api/contracts', ['./api/contracts', './domain'], 'api/contracts is shared with web/: it imports only itself and domain/.'),
  only(
    ['./api/*.{ts,tsx}', './api/!(contracts)/**'],
    ['./api', './commands', './projections', './domain', './eventstore', './telemetry'],
    'api/ imports api/ and the layers below it, never web/ or an entry point.',
  ),
  only('./web', ['./web', './api/contracts'], 'web/ imports only web/ and api/contracts.'),
  zone(
    ['./web/src/lib', './web/src/ui'],
    ['./web/src/features', './web/src/app'],
    'web/src/lib and web/src/ui are shared: they import no feature and not the app shell.',
  ),
  zone('./web/src/features', './web/src/app', 'A feature does not import the app shell (app/ composes the features).'),
  ...features.map((feature) =>
    zone(`./web/src/features/${feature}`, './web/src/features', 'A web feature never imports another feature: move the shared part to lib/ or ui/.', [`./${feature}`]),
  ),
];

/** Type-only use of api/contracts from web/, when WEB_MAY_IMPORT_CONTRACT_VALUES is false (exported for its test). */
export const webContractTypesOnly = {
  name: 'skillswap/web-imports-only-types-from-contracts',
  files: ['web/**/*.{ts,tsx}'],
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: '(^|/)api/contracts(/|$)|^@contracts(/|$)',
            allowTypeImports: true,
            message: 'web/ imports only types from api/contracts (`import type`).',
          },
        ],
      },
    ],
  },
};

export default defineConfig(
  {
    name: 'skillswap/ignores',
    ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'coverage/**', 'test-results/**', 'bench/tmp/**', 'tmp/**'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    name: 'skillswap/javascript',
    files: ['**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  {
    name: 'skillswap/typescript',
    files: TS,
    plugins: { 'import-x': importX, skillswap: { rules: { 'no-import-cycle': noImportCycle } } },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: join(root, 'tsconfig.json') })],
    },
    rules: {
      'skillswap/no-import-cycle': 'error',
      // On (below) everywhere but eventstore/ and tests: the read models are typed since issue 18; what
      // remains is the shared SQL handle of eventstore/ (SqlDatabase.db) and the pg driver code.
      '@typescript-eslint/no-explicit-any': 'off',
      // One hit (projections/runtime/wake-signal.ts: a hoisted `function done()` that needs `this`);
      // the house writes arrow functions, so the rule guards almost nothing here.
      '@typescript-eslint/no-this-alias': 'off',
      // The codebase names deliberately unused parameters and destructured leftovers with a leading
      // underscore (`_state`, `{ id: _id, ...rest }`).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
  {
    // Boundaries hold for the code that ships. Tests and their helpers are entry points, like test/,
    // bench/ and scripts/: they may borrow another layer's fixture (projections' tests use
    // test/support/test-event-store.ts, projections/sessions/testing.ts uses test/projections/support).
    name: 'skillswap/import-boundaries',
    files: TS,
    ignores: TEST_CODE,
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaries }],
    },
  },
  {
    // Issue 30 point 8: a feature's command decides on one stream through the runtime's CommandRuntime
    // view (handle, load). The whole ProcessRuntime (writeMany, record, raw reads, steps, planOn) is for
    // what runs a process: the booking saga and its steps (sessions/), reactors, the assistant, the
    // composition (wiring.ts, all-reactors.ts) and the runtime itself. A feature that truly needs a
    // member of it disables this at the import and says why at its deps (feed/assistant.ts).
    name: 'skillswap/features-see-command-runtime',
    files: ['commands/**/*.ts'],
    ignores: [...TEST_CODE, ...FEATURES_MAY_RUN_PROCESSES],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)runtime/types(\\.js)?$',
              importNames: ['ProcessRuntime'],
              message: 'A feature takes CommandRuntime (handle, load), not ProcessRuntime: see commands/runtime/types.ts.',
            },
            {
              regex: '(^|/)(wiring|all-reactors)(\\.js)?$',
              importNames: ['CommandDeps', 'ReactorDeps'],
              message: "A feature declares its own deps with CommandRuntime; the composition root's deps carry the whole runtime.",
            },
          ],
        },
      ],
    },
  },
  {
    name: 'skillswap/domain-is-pure',
    files: ['domain/**/*.ts'],
    ignores: [...TESTS],
    rules: {
      // One package is allowed: immutable, whose persistent Map holds the records of states that grow with use
      // (decision 190). It computes and does no I/O.
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ regex: '^(?!immutable$)[^.]', message: 'domain/ is pure: no packages but immutable, and no node: modules (I/O arrives through commands/).' }],
        },
      ],
      'no-restricted-syntax': [
        'error',
        ...[
          "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          "NewExpression[callee.name='Date'][arguments.length=0]",
          "CallExpression[callee.name='Date']",
        ].map((selector) => ({ selector, message: 'domain/ does not read the clock: the time arrives on the command (`now`).' })),
        ...[
          "CallExpression[callee.name='randomUUID']",
          "CallExpression[callee.property.name='randomUUID']",
          "CallExpression[callee.object.name='Math'][callee.property.name='random']",
        ].map((selector) => ({ selector, message: 'domain/ does not make ids or random numbers: they arrive on the command.' })),
      ],
    },
  },
  {
    name: 'skillswap/tests-run-in-full',
    files: TESTS,
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'MemberExpression[object.name=/^(it|test|describe|suite|bench)$/][property.name=/^(only|skip|todo)$/]',
          message: 'No focused, skipped or todo test: every test runs.',
        },
        {
          selector: 'CallExpression[callee.name=/^(xit|xtest|xdescribe|fit|fdescribe)$/]',
          message: 'No focused or skipped test: every test runs.',
        },
      ],
    },
  },
  {
    // Issue 30 point 6: dates are formatted and computed in one module (date-fns with @date-fns/tz), so a
    // date reads the same on every page and no feature carries its own zone or month maths.
    name: 'skillswap/dates-in-one-module',
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/lib/dates/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString'].map((property) => ({
          property,
          message: 'Format dates and numbers through web/src/lib/dates/ (date-fns) or Intl.NumberFormat.',
        })),
        ...['DateTimeFormat', 'RelativeTimeFormat'].map((property) => ({
          object: 'Intl',
          property,
          message: 'Dates are formatted in web/src/lib/dates/ (date-fns with @date-fns/tz) only.',
        })),
      ],
    },
  },
  {
    name: 'skillswap/no-any-outside-eventstore',
    files: ['domain/**/*.ts', 'web/**/*.{ts,tsx}', 'commands/**/*.ts', 'projections/**/*.ts', 'api/**/*.ts'],
    ignores: ['**/*.test.ts', '**/testing.ts', '**/test-*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'error' },
  },
  {
    name: 'skillswap/react-hooks',
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: reactHooks.configs.flat['recommended-latest'].plugins,
    rules: {
      ...reactHooks.configs.flat['recommended-latest'].rules,
      // Two of the React Compiler's rules flag 12 patterns that are correct without the compiler (which
      // the app does not use): state set in an effect that follows a prop or the URL, and a ref that
      // mirrors the latest prop during render. Revisit when web/ adopts the compiler.
      'react-hooks/set-state-in-effect': 'off',
      'react-hooks/refs': 'off',
    },
  },
  ...(WEB_MAY_IMPORT_CONTRACT_VALUES ? [] : [webContractTypesOnly]),
);
