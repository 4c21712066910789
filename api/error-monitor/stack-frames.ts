// Stacks as V8 (Node, Chrome, Edge) and Firefox / Safari print them, read into frames. Pure: the
// repository's root is given, so a server frame's file becomes a repository path (api/routes/feed.ts) and
// a frame is ours ("in app") when its file is such a path and not under node_modules (decision 328).
import type { StackFrame } from '../contracts/admin-errors.js';

export interface RawFrame {
  function: string | null;
  file: string;
  line: number | null;
  column: number | null;
}

// "    at fn (file:line:col)", "    at file:line:col", "    at async fn (file:line:col)", "    at fn (native)".
const V8_FRAME = /^\s*at (?:(.+?) \((.+?)\)|(.+))$/;
// "fn@file:line:col", "@file:line:col", Safari's "global code@file:line:col"; Firefox nests as "outer/inner<@...".
const GECKO_FRAME = /^\s*([^@\s]*(?: code)?)@(.+)$/;
const LOCATION = /^(.*?):(\d+)(?::(\d+))?$/;

const functionName = (name: string | undefined): string | null => {
  if (!name) return null;
  const cleaned = name
    .replace(/^async /, '')
    .replace(/\/<+$/, '') // Firefox's "outer/<": an anonymous function within outer
    .replace(/[*<]+$/, '')
    .trim();
  if (!cleaned || cleaned.includes('<anonymous>') || cleaned === 'global code' || cleaned === 'module code' || cleaned === 'eval code') return null;
  return cleaned;
};

const located = (fn: string | undefined, location: string): RawFrame => {
  const match = LOCATION.exec(location);
  if (!match) return { function: functionName(fn), file: location, line: null, column: null };
  return { function: functionName(fn), file: match[1]!, line: Number(match[2]), column: match[3] === undefined ? null : Number(match[3]) };
};

/** The frames of a stack, innermost first; lines that are no frame (the message) are left out. */
export const parseStack = (stack: string | null | undefined): RawFrame[] => {
  if (!stack) return [];
  const frames: RawFrame[] = [];
  for (const line of stack.split('\n')) {
    const v8 = V8_FRAME.exec(line);
    if (v8) {
      // "at eval (eval at f (file:1:2), <anonymous>:1:1)": the outer location is the one in a file.
      const location = (v8[2] ?? v8[3]!).replace(/^eval at [^(]+\((.+?)\).*$/, '$1');
      frames.push(located(v8[1], location));
      continue;
    }
    const gecko = GECKO_FRAME.exec(line);
    if (gecko && gecko[2]!.includes(':')) frames.push(located(gecko[1], gecko[2]!));
  }
  return frames;
};

/** A file as the repository names it: the root and a file: scheme taken off; anything else as given. */
export const repositoryPath = (file: string, root: string): string => {
  const path = file.startsWith('file://') ? decodeURIComponent(file.slice('file://'.length)) : file;
  const base = root.endsWith('/') ? root : `${root}/`;
  return path.startsWith(base) ? path.slice(base.length) : path;
};

/** Ours: a path inside the repository (relative, no scheme), not a dependency's. */
export const isInApp = (file: string): boolean =>
  file.length > 0 &&
  !file.startsWith('/') &&
  !file.startsWith('..') &&
  !/^[a-z][a-z0-9+.-]*:/i.test(file) && // node:, http(s):, chrome-extension:, webkit-masked-url:
  !file.startsWith('<') &&
  !file.startsWith('[') &&
  !file.startsWith('internal/') &&
  !file.includes('node_modules/') &&
  file !== 'native' &&
  !file.startsWith('index ');

/** The frames of a stack with repository paths and the in-app mark. */
export const stackFrames = (stack: string | null | undefined, root: string): StackFrame[] =>
  parseStack(stack).map((frame) => {
    const file = repositoryPath(frame.file, root);
    return { ...frame, file, inApp: isInApp(file) };
  });
