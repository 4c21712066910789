// Texts and limits the web client shows, without the request schemas: a page that only displays (the
// dashboard) imports them from here and so loads no zod (issue 19, Lighthouse on the dashboard; zod's
// schemas are built when their module runs, so a bundler cannot leave them out of sessions.ts).
// sessions.ts and dashboard.ts re-export them for everything else.
export {
  CANCELLATION_NOTICE_HOURS,
  DEFAULT_REJECTION_REASON,
  DEFAULT_SESSION_DURATION,
  SESSION_DURATIONS,
  sessionCost,
  texts as sessionTexts,
} from '../../domain/session/rules.js';

/** Spec 000 §2, §5: declining a reschedule asks for a confirmation that cancels itself after 10 seconds. */
export const DECLINE_COUNTDOWN_SECONDS = 10;

/** Spec 000 §7, §9: the dashboard lists sessions 5 per page, 100 while highlighting one (?highlight=). */
export const DASHBOARD_PAGE_SIZE = 5;
export const HIGHLIGHT_PAGE_SIZE = 100;
