// The dev client on the development clock (issue 29 item 17): with DEV_CLOCK_OFFSET set, `npm run dev`
// passes the offset in ms (scripts/dev.ts), and the page's Date runs that far from the browser's, as the
// API's clock does, so time-gated buttons (Join, Mark as completed, the 2 h rule) agree with the server.
// Vite's dev server only: a build never carries it.
import type { Plugin } from 'vite';

/** The script that shifts Date by `offsetMs`, first thing in the page. */
export const shiftDateScript = (offsetMs: number): string =>
  `(()=>{const o=${offsetMs},R=Date;class D extends R{constructor(...a){a.length?super(...a):super(R.now()+o)}static now(){return R.now()+o}}window.Date=D})();`;

export const devClock = (offsetMs = Number(process.env.DEV_CLOCK_OFFSET_MS ?? 0)): Plugin => ({
  name: 'skillswap-dev-clock',
  apply: 'serve',
  transformIndexHtml: () => (Number.isFinite(offsetMs) && offsetMs !== 0 ? [{ tag: 'script', children: shiftDateScript(offsetMs), injectTo: 'head-prepend' }] : []),
});
