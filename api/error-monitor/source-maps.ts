// Browser stacks name minified bundles (/assets/index-3f2a.js:1:20345); the build writes each bundle's
// map beside it, hidden (web/vite.config.ts: never served, api/plugins/static-client.ts). Here the server
// reads a map when a stack first names its bundle, keeps it (a few dozen per build, bounded), and rewrites
// the stack with the original files as repository paths (web/src/features/feed/...) and the names the map
// gives. A frame no map resolves stays as the browser printed it.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { parseStack, repositoryPath, type RawFrame } from './stack-frames.js';

const MAPS_KEPT = 200;
// Only a bundle's own name under /assets/: never a path the stack could make the server read elsewhere.
const BUNDLE = /\/assets\/([\w.-]+\.js)$/;

export interface SourceMapResolver {
  /** The stack with every frame a map resolves rewritten (V8's format), or null without a stack. */
  resolve(error: { type: string; message: string; stack: string | null }): Promise<string | null>;
}

const printFrame = (frame: RawFrame) => {
  const location = `${frame.file}${frame.line === null ? '' : `:${frame.line}${frame.column === null ? '' : `:${frame.column}`}`}`;
  return frame.function ? `    at ${frame.function} (${location})` : `    at ${location}`;
};

export const createSourceMapResolver = (options: { webDistDir: string; root: string }): SourceMapResolver => {
  const maps = new Map<string, Promise<TraceMap | null>>();
  const mapOf = (bundle: string): Promise<TraceMap | null> => {
    let map = maps.get(bundle);
    if (!map) {
      const path = join(options.webDistDir, 'assets', `${bundle}.map`);
      // A missing or broken map is remembered too: the next stack of that bundle does not read the disk again.
      map = readFile(path, 'utf8').then(
        (text) => new TraceMap(text, path),
        () => null,
      );
      if (maps.size >= MAPS_KEPT) maps.delete(maps.keys().next().value!);
      maps.set(bundle, map);
    }
    return map;
  };

  const resolveFrame = async (frame: RawFrame): Promise<RawFrame> => {
    const bundle = BUNDLE.exec(frame.file.replace(/[?#].*$/, ''))?.[1];
    if (!bundle || frame.line === null) return frame;
    const map = await mapOf(bundle);
    if (!map) return frame;
    // Stacks count columns from 1, source maps from 0.
    const original = originalPositionFor(map, { line: frame.line, column: Math.max(0, (frame.column ?? 1) - 1) });
    if (original.source === null || original.line === null) return frame;
    return {
      function: original.name ?? null,
      file: repositoryPath(original.source, options.root),
      line: original.line,
      column: original.column === null ? null : original.column + 1,
    };
  };

  return {
    async resolve({ type, message, stack }) {
      if (!stack) return null;
      const frames = parseStack(stack);
      if (frames.length === 0) return stack;
      const resolved = await Promise.all(frames.map(resolveFrame));
      return [`${type}: ${message.split('\n')[0]}`, ...resolved.map(printFrame)].join('\n');
    },
  };
};
