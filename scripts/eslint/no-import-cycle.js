// @ts-check
// ESLint rule: no import cycle, type-only imports included.
// import-x/no-cycle skips `import type`, but a circle made of types is still a circle in the design
// (the first review's one circle, handle-command <-> stream-caches <-> stream-cache of the command
// runtime before issue 18, since split into commands/runtime/, was type-only). This rule resolves every import with TypeScript's own resolver and the project's
// tsconfig (so path aliases work), keeps one graph per process, and reports each import of the file
// being linted from which a chain of imports leads back to that file.
import { statSync, readFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import ts from 'typescript';

/** @type {Map<string, { options: ts.CompilerOptions, root: string }>} */
const configs = new Map();
/** @type {Map<string, { mtimeMs: number, imports: string[] }>} */
const graph = new Map();

const configFor = (/** @type {string} */ file) => {
  const path = ts.findConfigFile(dirname(file), ts.sys.fileExists, 'tsconfig.json');
  if (!path) return { options: {}, root: dirname(file) };
  let config = configs.get(path);
  if (!config) {
    const parsed = ts.parseJsonConfigFileContent(ts.readConfigFile(path, ts.sys.readFile).config, ts.sys, dirname(path));
    config = { options: parsed.options, root: dirname(path) };
    configs.set(path, config);
  }
  return config;
};

/** The project source file `specifier` names from `file`, or undefined for packages and unresolved names. */
const resolveImport = (/** @type {string} */ specifier, /** @type {string} */ file) => {
  const { options, root } = configFor(file);
  const resolved = ts.resolveModuleName(specifier, file, options, ts.sys).resolvedModule;
  if (!resolved || resolved.isExternalLibraryImport) return undefined;
  const path = resolved.resolvedFileName;
  if (path.includes('/node_modules/') || relative(root, path).startsWith('..')) return undefined;
  return path;
};

const specifiersIn = (/** @type {string} */ text) => ts.preProcessFile(text, true, true).importedFiles.map((ref) => ref.fileName);

/** The project files `file` imports (any kind: value, type, re-export, dynamic), read from disk once per change. */
const importsOf = (/** @type {string} */ file) => {
  let mtimeMs;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const known = graph.get(file);
  if (known && known.mtimeMs === mtimeMs) return known.imports;
  const imports = [
    ...new Set(
      specifiersIn(readFileSync(file, 'utf8'))
        .map((s) => resolveImport(s, file))
        .filter((p) => p !== undefined),
    ),
  ];
  graph.set(file, { mtimeMs, imports });
  return imports;
};

/** The shortest chain of imports from `start` back to `target` (both included), or undefined. */
const pathBack = (/** @type {string} */ start, /** @type {string} */ target) => {
  /** @type {Map<string, string | null>} */
  const parent = new Map([[start, null]]);
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const file = /** @type {string} */ (queue[i]);
    for (const next of importsOf(file)) {
      if (next === target) {
        const chain = [target];
        for (let at = /** @type {string | null | undefined} */ (file); at; at = parent.get(at)) chain.unshift(at);
        return chain;
      }
      if (!parent.has(next)) {
        parent.set(next, file);
        queue.push(next);
      }
    }
  }
  return undefined;
};

/** @type {import('eslint').Rule.RuleModule} */
export const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles, type-only imports included' },
    schema: [],
    messages: { cycle: 'Import cycle: {{chain}}. Move what both sides need into a module below them.' },
  },
  create(context) {
    const file = context.physicalFilename;
    if (!/\.[cm]?[jt]sx?$/.test(file)) return {};
    const { root } = configFor(file);
    /** @param {import('estree').Node & { source?: unknown }} node */
    const check = (node) => {
      const source = /** @type {{ type: string, value?: unknown } | null | undefined} */ (node.source);
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const target = resolveImport(source.value, file);
      if (!target || target === file) return;
      const chain = pathBack(target, file);
      if (!chain) return;
      context.report({ node, messageId: 'cycle', data: { chain: [file, ...chain].map((p) => relative(root, p)).join(' -> ') } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
