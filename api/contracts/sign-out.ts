// Signing out's path and texts without zod: the entry script's sign-out code (web/src/lib/login.ts) needs
// them on every page, and importing them from auth.ts, whose schema is built when the module runs, put zod
// into every page's first script (issue 19, Lighthouse). auth.ts re-exports them.

/** POST /api/logout/everywhere: every session of the member ended, this one included. */
export const SIGN_OUT_EVERYWHERE_PATH = '/api/logout/everywhere';

export const signOutTexts = {
  everywhere: 'Sign out everywhere',
  everywhereFailed: 'Could not sign out everywhere',
} as const;
