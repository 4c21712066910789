// Browser stacks as Chrome, Firefox and Safari print them (written by hand: the e2e test throws in a real
// browser), the message rule's replacements, and what counts as our own code.
import { describe, expect, it } from 'vitest';
import { fingerprintOf, normalizeMessage } from './fingerprint.js';
import { isInApp, parseStack, stackFrames } from './stack-frames.js';

const chrome = `TypeError: Cannot read properties of undefined (reading 'name')
    at renderCard (web/src/features/feed/post-card.tsx:42:17)
    at Array.map (<anonymous>)
    at web/src/features/feed/feed-list.tsx:88:9
    at async loadPage (web/src/features/feed/api/feed-api.ts:12:3)
    at commitRoot (node_modules/react-dom/cjs/react-dom.production.js:1200:5)
    at chrome-extension://abcdef/content.js:1:100`;
const firefox = `renderCard@web/src/features/feed/post-card.tsx:42:17
feedList/<@web/src/features/feed/feed-list.tsx:88:9
commitRoot@node_modules/react-dom/cjs/react-dom.production.js:1200:5
@moz-extension://1234/inject.js:3:7`;
const safari = `renderCard@web/src/features/feed/post-card.tsx:42:17
global code@https://skillswap.example/assets/index-3f2a.js:1:20345
[native code]
map@[native code]`;

describe('stacks of the browsers', () => {
  it('reads V8 frames: names, anonymous functions, async frames and places without a line', () => {
    expect(parseStack(chrome)).toEqual([
      { function: 'renderCard', file: 'web/src/features/feed/post-card.tsx', line: 42, column: 17 },
      { function: 'Array.map', file: '<anonymous>', line: null, column: null },
      { function: null, file: 'web/src/features/feed/feed-list.tsx', line: 88, column: 9 },
      { function: 'loadPage', file: 'web/src/features/feed/api/feed-api.ts', line: 12, column: 3 },
      { function: 'commitRoot', file: 'node_modules/react-dom/cjs/react-dom.production.js', line: 1200, column: 5 },
      { function: null, file: 'chrome-extension://abcdef/content.js', line: 1, column: 100 },
    ]);
  });

  it('reads Firefox and Safari frames, an anonymous function within another as anonymous', () => {
    expect(parseStack(firefox).map((f) => [f.function, f.file, f.line])).toEqual([
      ['renderCard', 'web/src/features/feed/post-card.tsx', 42],
      ['feedList', 'web/src/features/feed/feed-list.tsx', 88],
      ['commitRoot', 'node_modules/react-dom/cjs/react-dom.production.js', 1200],
      [null, 'moz-extension://1234/inject.js', 3],
    ]);
    expect(parseStack(safari).map((f) => [f.function, f.file, f.line])).toEqual([
      ['renderCard', 'web/src/features/feed/post-card.tsx', 42],
      [null, 'https://skillswap.example/assets/index-3f2a.js', 1],
    ]);
  });

  it('counts as ours only repository paths outside node_modules', () => {
    expect(stackFrames(chrome, '/repo').map((f) => f.inApp)).toEqual([true, false, true, true, false, false]);
    expect(isInApp('node:internal/process/task_queues')).toBe(false);
    expect(isInApp('https://skillswap.example/assets/index-3f2a.js')).toBe(false);
    expect(stackFrames('    at run (file:///repo/api/routes/feed.ts:10:2)', '/repo')[0]).toMatchObject({ file: 'api/routes/feed.ts', inApp: true });
  });

  it('groups the same error of Chrome and of Firefox by the same frames, the anonymous one by its line', () => {
    const ofChrome = fingerprintOf({ type: 'TypeError', message: 'x', frames: stackFrames(chrome, '/repo') });
    expect(ofChrome.grouping.parts).toEqual([
      'type TypeError',
      'frame web/src/features/feed/post-card.tsx in renderCard',
      'frame web/src/features/feed/feed-list.tsx in an anonymous function at line 88',
      'frame web/src/features/feed/api/feed-api.ts in loadPage',
    ]);
    expect(ofChrome.groupId).toMatch(/^[0-9a-f]{16}$/);
  });

  it('groups an error without our frames by its message, with what varies replaced', () => {
    expect(
      normalizeMessage(
        `Member 3f2a9c1e-0b4d-4e8f-9a7b-1c2d3e4f5a6b (ana@example.com) failed at 2026-11-29T12:00:00.000Z after 12 tries, 1.5 s: 'sold out' at https://x.example/a?b=1 id 0x1f 5f3a9b2c7d`,
      ),
    ).toBe(`Member <uuid> (<email>) failed at <date> after <int> tries, <num> s: '<str>' at <url> id <hex> <hex>`);
    const a = fingerprintOf({
      type: 'ChunkLoadError',
      message: 'Loading chunk 42 failed. (https://x/assets/a-1.js)',
      frames: stackFrames(safari.split('\n').slice(1).join('\n'), '/repo'),
    });
    const b = fingerprintOf({ type: 'ChunkLoadError', message: 'Loading chunk 7 failed. (https://x/assets/b-2.js)', frames: [] });
    expect(a.grouping).toEqual({ rule: 'message', parts: ['type ChunkLoadError', 'message Loading chunk <int> failed. (<url>)'] });
    expect(b.groupId).toBe(a.groupId);
  });
});
