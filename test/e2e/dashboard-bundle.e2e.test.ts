// The dashboard's JavaScript (issue 19, Lighthouse >= 90 on the dashboard): what it loads to draw its
// first screen carries no form library and no dialog; those load when a dialog, a thread or the rating
// form opens (session-journey.e2e.test.ts opens each of them). Read from the build's manifest and the
// chunks' source maps, so it names the module that came back.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { initialChunks, readManifest } from '../../web/build/initial-chunks.js';
import { prepareClient } from './support/browser.js';

const dist = 'web/dist';
// The frame, the page and its sidebar (a lazy chunk the page requests as soon as it renders).
const dashboardParts = [/src\/app\/app-layout\.tsx$/, /src\/app\/dashboard-route\.tsx$/, /src\/app\/dashboard-sidebar\.tsx$/];
const formLibraries = /node_modules\/(zod|react-hook-form|@hookform\/resolvers)\//;
// The admin area's charts and the kit's virtual rows load where a page uses them (issue 30 point 6).
const lateLibraries = /node_modules\/(recharts|d3-[a-z]+|@tanstack\/virtual-core)\//;
const dialogs = /\/(reject-dialog|propose-modification-dialog|smart-calendar-dialog|decline-countdown-dialog|feedback-dialog|session-thread-panel|rating-widget)\.tsx$/;

/** The source modules bundled into a built chunk, from its source map. */
const sourcesOf = (file: string): string[] => (JSON.parse(readFileSync(join(dist, `${file}.map`), 'utf8')) as { sources: string[] }).sources;

describe("the dashboard's first JavaScript", () => {
  // Builds the client if it is stale, as every e2e file does, before the manifest is read.
  beforeAll(prepareClient);

  it('holds no form library and no dialog', () => {
    const manifest = readManifest(dist);
    const files = new Set(dashboardParts.flatMap((part) => initialChunks(manifest, part)));
    const sources = [...files].flatMap((file) => sourcesOf(file).map((source) => `${file}: ${source}`));
    expect(sources.length).toBeGreaterThan(0);
    expect(sources.filter((source) => formLibraries.test(source))).toEqual([]);
    expect(sources.filter((source) => dialogs.test(source))).toEqual([]);
    expect(sources.filter((source) => lateLibraries.test(source))).toEqual([]);
  });

  // The search page once imported its texts from the contract that holds its schemas, and so loaded and ran
  // all of zod's before its first screen: 366 ms of blocking time on a phone (issue 29 point 18). The
  // form's schemas load with the Create New Skill dialog; the feed's with its composer.
  it.each([
    ['/search', /src\/features\/skill-search\/routes\/skill-search-page\.tsx$/],
    ['/feed', /src\/app\/feed-route\.tsx$/],
  ])('has no form library on the first screen of %s', (_path, pageModule) => {
    const manifest = readManifest(dist);
    const files = new Set([/src\/app\/app-layout\.tsx$/, pageModule].flatMap((part) => initialChunks(manifest, part)));
    const sources = [...files].flatMap((file) => sourcesOf(file).map((source) => `${file}: ${source}`));
    expect(sources.some((source) => pageModule.test(source))).toBe(true);
    expect(sources.filter((source) => formLibraries.test(source))).toEqual([]);
  });

  // zod's schemas are built when their module runs, so a contract imported for one text brought all of zod
  // into the entry, which every page (the landing page too) parses and runs first.
  it('has an entry script without a form library', () => {
    const manifest = readManifest(dist);
    const entry = Object.values(manifest).find((chunk) => chunk.isEntry)!;
    expect(sourcesOf(entry.file).filter((source) => formLibraries.test(source))).toEqual([]);
  });

  // Each script is a request, six at a time on a phone's connection: the signed-in app's shared modules
  // go in one chunk (web/build/chunk-groups.ts) instead of one chunk per icon or small component (33).
  // 13 since issue 21: the nav's Messages and notification menus use TanStack's useMutation, which the
  // grouping sees reached through the package's barrel from the entry and leaves in a 2 kB chunk of its own
  // (decision 174); the dashboard's Lighthouse score read 93 with it. 14 since issue 29 point 18: what only the
  // dashboard reaches is a `dashboard` chunk of its own rather than part of `signed-in`, which /feed and
  // /search load too (the server names all 14 in the page's head, so they load side by side).
  it('comes in at most 14 scripts', () => {
    const manifest = readManifest(dist);
    const files = new Set(dashboardParts.flatMap((part) => initialChunks(manifest, part)));
    expect([...files].length).toBeLessThanOrEqual(14);
  });

  it('still builds the dialogs and the form libraries, as chunks of their own', () => {
    const manifest = readManifest(dist);
    const all = Object.values(manifest).flatMap((chunk) => (chunk.file.endsWith('.js') ? sourcesOf(chunk.file) : []));
    expect(all.some((source) => formLibraries.test(source))).toBe(true);
    expect(all.some((source) => /\/reject-dialog\.tsx$/.test(source))).toBe(true);
  });
});
