// Signing out: the answer of "sign out everywhere" and the texts the client shows around it.
import { z } from 'zod';

export { SIGN_OUT_EVERYWHERE_PATH, signOutTexts } from './sign-out.js';

export const signedOutEverywhereSchema = z.object({
  /** How many sessions were live (this browser's among them). */
  revoked: z.number().int().min(0),
});
export type SignedOutEverywhere = z.infer<typeof signedOutEverywhereSchema>;
