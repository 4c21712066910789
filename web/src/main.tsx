import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App, startApp } from './app/app';
import { keepEarlyPaths } from './features/analytics/early-paths';
import { installErrorReporting } from './features/error-reporting/install';
import './styles.css';

// Before anything else runs, so an error of the first load is reported too.
installErrorReporting();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// The first render as a transition: React renders it in slices of a few milliseconds and lets the browser
// breathe between them, rather than in one task of 100-300 ms on a slow phone (issue 29 point 18: total
// blocking time). Until it commits, the page keeps index.html's loading shell. Not a top-level await: the
// lazy pages import shared code from this entry chunk, and would wait for it to finish evaluating.
void startApp().then((parts) =>
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App {...parts} />
      </StrictMode>,
    );
    // The analytics capture is its own chunk, loaded once the page is drawn, so it costs the first paint nothing;
    // the paths a member reaches before it arrives are kept for it.
    const early = keepEarlyPaths(parts.router);
    const later = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1));
    later(() => void import('./features/analytics/capture').then(({ startAnalytics }) => startAnalytics(parts.router, early)).catch(() => early.stop()));
  }),
);
