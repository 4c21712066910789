import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { signedInChunkGroups } from './build/chunk-groups';
import { devClock } from './build/dev-clock';
import { firstScreensManifest } from './build/first-screens';
import { inlineStylesheet } from './build/first-paint';
import { precompress } from './build/precompress';

// The dev server proxies every server path to the API so the client always talks to its own origin
// (cookies are SameSite=Lax and writes check Origin).
const apiUrl = process.env.API_URL ?? 'http://localhost:3000';

// react-router's package exports name only its development build (its warnings and checks), which
// bundlers without React Router's own plugin ship to production; the production build sits beside it.
const reactRouterProduction = (file: string) => fileURLToPath(new URL(`../node_modules/react-router/dist/production/${file}`, import.meta.url));

// The client build's version, which every error report carries (web/src/features/error-reporting): the
// server tells a regression (a resolved error back in the same or a later version) by it.
// APP_VERSION when the build is made with it (the server records the same variable, README 'Configuration').
const { version: packageVersion } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
const version = process.env.APP_VERSION || packageVersion;

export default defineConfig(({ command }) => ({
  define: { 'import.meta.env.VITE_APP_VERSION': JSON.stringify(version) },
  root: fileURLToPath(new URL('.', import.meta.url)),
  // precompress writes .br and .gz next to the built files, which the server sends as they are.
  // devClock: `npm run dev` only, the development clock's offset (README, 'Trying the session lifecycle').
  // firstScreensManifest: what each signed-in page draws first, for the server's preloads (build/first-screens.ts).
  plugins: [react(), tailwindcss(), inlineStylesheet(), firstScreensManifest(), precompress(), devClock()],
  // The same aliases as tsconfig.json's paths (and vitest.config.ts): '@/' is web/src, '@contracts/' the
  // API's request and response shapes, which the client imports with their zod schemas and texts.
  resolve: {
    alias: [
      { find: /^@contracts\//, replacement: `${fileURLToPath(new URL('../api/contracts', import.meta.url))}/` },
      { find: /^@\//, replacement: `${fileURLToPath(new URL('./src', import.meta.url))}/` },
      ...(command === 'build'
        ? [
            { find: /^react-router$/, replacement: reactRouterProduction('index.mjs') },
            { find: /^react-router\/dom$/, replacement: reactRouterProduction('dom-export.mjs') },
          ]
        : []),
    ],
  },
  build: {
    outDir: 'dist',
    // One stylesheet, inlined into the page (build/first-paint.ts). Split per chunk, the lazy imports' preload
    // lists named the entry's stylesheet, and since the page has no <link> to it Vite's preload helper fetched
    // it again, at the highest priority, when the dashboard's sidebar loaded (issue 29 point 18).
    cssCodeSplit: false,
    // The analytics capture, imported when the page is idle, gets no preload links from Vite's helper (it or
    // its dependency): a link inserted at run time beside the import() it serves could be fetched apart from
    // the import's own request in Chromium, two requests of one chunk (signed-in-preloads.e2e, under load).
    // Nothing waits for it, so nothing is gained by preloading it.
    modulePreload: { resolveDependencies: (file, deps) => (/(^|\/)capture-[\w-]+\.js$/.test(file) ? [] : deps) },
    emptyOutDir: true,
    // Hidden: the maps are written (the server's error monitor reads them from disk) but the bundles do
    // not name them, and the server never sends one (api/plugins/static-client.ts): they hold the whole source.
    sourcemap: 'hidden',
    // .vite/manifest.json says which chunks each page loads: the bench and the bundle-size check read it.
    manifest: true,
    // The signed-in app's shared modules in one chunk rather than dozens (build/chunk-groups.ts).
    rolldownOptions: { output: { codeSplitting: signedInChunkGroups() } },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiUrl, changeOrigin: false },
      '/oidc': { target: apiUrl, changeOrigin: false },
      '/ws': { target: apiUrl, ws: true, changeOrigin: false },
    },
  },
}));
