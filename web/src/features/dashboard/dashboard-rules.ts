// Pure rules of the dashboard's session list (document 000 §7, §9), apart from the components so they
// can be tested without a browser.
import { DASHBOARD_PAGE_SIZE, HIGHLIGHT_PAGE_SIZE } from '@contracts/limits';

/** Sessions per page: the spec's 5, or 100 while a highlighted session is being looked for. */
export const dashboardPageLimit = (highlightMode: boolean): number => (highlightMode ? HIGHLIGHT_PAGE_SIZE : DASHBOARD_PAGE_SIZE);
