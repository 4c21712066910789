// Signing out, without zod: the path of "sign out everywhere" and the texts around it, read by the
// client's sign-in code, which the public pages load too (their JavaScript stays small).

/** POST /api/logout/everywhere: every session of the member ended, this one included. */
export const SIGN_OUT_EVERYWHERE_PATH = '/api/logout/everywhere';

export const signOutTexts = {
  everywhere: 'Sign out everywhere',
  everywhereFailed: 'Could not sign out everywhere',
} as const;
