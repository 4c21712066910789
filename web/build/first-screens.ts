// What each signed-in page draws first: the lazy modules of its first screen and the reads it asks for,
// declared by the client that knows them (issue 30 point 7: the API named the client's source files).
// The build writes this as `.vite/first-screens.json` beside Vite's manifest; the server reads both and,
// for a signed-in member's page, names the chunks (`modulepreload`) and reads (`preload as="fetch"`) in
// the page's head, so they leave with the entry (api/plugins/signed-in-preloads.ts, decisions 88, 132,
// 202, 235). A read must be the very URL the client fetches, or the browser fetches it twice:
// test/e2e/signed-in-preloads.e2e.test.ts checks each preload is taken by the client's own fetch.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { FEED_PAGE_SIZE, feedPaths } from '../../api/contracts/feed-read';
import { messagingPaths } from '../../api/contracts/messaging-limits';
import { skillSearchUrl } from '../../api/contracts/skill-search-texts';

/** Stands for the signed-in member's id in a read (unreserved characters, so a path builder's encoding keeps it as it is); the server puts the id in, URI-encoded. */
export const MEMBER = '__member__';

export interface FirstScreen {
  /** Paths of the page (a trailing slash is taken as the same path). */
  paths: readonly string[];
  /** Manifest keys (source modules) of its first screen's lazy chunks, beside the signed-in frame's. */
  modules: readonly string[];
  /** Its first reads, with no query in the page's address. */
  reads: readonly string[];
  /** With a query in the page's address, the reads differ (a session to highlight): none are named. */
  readsWithQuery?: 'none';
}

export interface FirstScreens {
  /** Every signed-in page: the frame (nav bar, menus) and the nav bar's reads. */
  frame: { modules: readonly string[]; reads: readonly string[] };
  pages: readonly FirstScreen[];
}

/** Each read as web/src's query factories ask for it with the page's default filters. */
export const firstScreens: FirstScreens = {
  // The balance, the conversations (unread messages) and the unread notifications (web/src/app/app-layout.tsx's firstReads).
  frame: {
    modules: ['src/app/app-layout.tsx'],
    reads: [`/api/users/${MEMBER}/balance`, messagingPaths.memberConversations(MEMBER), `/api/users/${MEMBER}/notifications/unread-count`],
  },
  pages: [
    {
      paths: ['/dashboard'],
      modules: ['src/app/dashboard-route.tsx', 'src/app/dashboard-sidebar.tsx'],
      reads: [
        '/api/dashboard/counts',
        '/api/dashboard/stats',
        '/api/dashboard/sessions?tab=requested&page=1&limit=5',
        `/api/users/${MEMBER}/activity-summary`,
        `/api/users/${MEMBER}/sessions`,
      ],
      readsWithQuery: 'none',
    },
    {
      // The same list for every member and whatever the page's query (?post= and ?comment= fetch their post on the side).
      paths: ['/feed'],
      modules: ['src/app/feed-route.tsx'],
      reads: [`${feedPaths.posts}?${new URLSearchParams({ sort: 'recent', limit: String(FEED_PAGE_SIZE) })}`],
    },
    {
      // The first page of results with no filter: the filters start cleared.
      paths: ['/search'],
      modules: ['src/features/skill-search/routes/skill-search-page.tsx'],
      reads: [skillSearchUrl({ q: '', category: '', level: '', minRating: 0 }, 0)],
    },
  ],
};

/** The Vite plugin: writes the declaration beside the manifest once the bundle is written. */
export const firstScreensManifest = (): Plugin => {
  let outDir = '';
  return {
    name: 'skillswap-first-screens',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    writeBundle() {
      mkdirSync(join(outDir, '.vite'), { recursive: true });
      writeFileSync(join(outDir, '.vite', 'first-screens.json'), JSON.stringify(firstScreens, null, 2));
    },
  };
};
