// The page paints before its scripts run (issue 19, Lighthouse on the dashboard: first contentful paint).
// index.html's #root holds the same "Loading..." the router shows until the first page's code arrives
// (FullPageSpinner), and the stylesheet is inlined into the page, so that first paint needs the HTML
// alone: no render-blocking request. React replaces the shell when it renders.
//
// Why inlined: the stylesheet as a <link> blocks rendering, and by the time it arrived the scripts had
// arrived too, so Lighthouse's simulation counted every script fetched at high priority as needed for
// the first paint (module scripts never block rendering in a browser, but that is how it estimates).
// The shell alone did not move the estimate (2.3 s on slow 4G). The stylesheet is ~9 kB compressed,
// one file for the whole app, so every page carries it either way; the .css file is still written.
import type { Plugin } from 'vite';

export const inlineStylesheet = (): Plugin => ({
  name: 'skillswap-inline-stylesheet',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html, context) {
      const bundle = context.bundle;
      if (!bundle) return html;
      return html.replace(/<link rel="stylesheet"[^>]*? href="\/([^"]+\.css)"[^>]*>/g, (tag, file: string) => {
        const asset = bundle[file];
        return asset?.type === 'asset' ? `<style>${String(asset.source)}</style>` : tag;
      });
    },
  },
});
