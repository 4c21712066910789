// Who is an admin, decided once on the server (DESIGN.md §6, §12): a session whose e-mail the provider
// verified and that ADMIN_EMAILS lists. Routes read `request.isAdmin` rather than having the rule passed
// to them; the /api/admin scope (routes/admin/) refuses everyone else with one hook.
import type { FastifyInstance } from 'fastify';
import type { SessionMember } from '../auth/session-store.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in member is an admin; false when signed out. */
    readonly isAdmin: boolean;
  }
}

/** The rule itself, for callers that hold a session without its request. */
export const adminRule =
  (adminEmails: readonly string[]) =>
  (session: SessionMember | null): boolean =>
    session !== null && session.emailVerified && adminEmails.includes(session.email.trim().toLowerCase());

/** After registerSession: the getter reads the session that plugin sets on every request. */
export const registerAdminRights = (app: FastifyInstance, adminEmails: readonly string[]) => {
  const isAdmin = adminRule(adminEmails);
  app.decorateRequest('isAdmin', {
    getter() {
      return isAdmin(this.session);
    },
  });
};
