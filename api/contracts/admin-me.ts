// GET /api/admin/me: the admin the server recognised (ADMIN_EMAILS and a verified e-mail), so the admin
// client shows who acts and the scope's guard has a route that needs nothing but the session.
import { z } from 'zod';

export const adminMeSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
});

export type AdminMe = z.infer<typeof adminMeSchema>;
