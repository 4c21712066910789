// Signing out: the answer of "sign out everywhere" and the texts the client shows around it.
import { z } from 'zod';

/** POST /api/logout/everywhere: every session of the member ended, this one included. */
export const SIGN_OUT_EVERYWHERE_PATH = '/api/logout/everywhere';

export const signedOutEverywhereSchema = z.object({
  /** How many sessions were live (this browser's among them). */
  revoked: z.number().int().min(0),
});
export type SignedOutEverywhere = z.infer<typeof signedOutEverywhereSchema>;

export const signOutTexts = {
  everywhere: 'Sign out everywhere',
  everywhereFailed: 'Could not sign out everywhere',
} as const;
