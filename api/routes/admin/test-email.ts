// POST /api/admin/test-email (issue 31 point 8): a test e-mail to the admin's own address (from the
// session, never the body), sent at once while the admin waits, then recorded as an event. SMTP's
// refusal is an answer too (200, success false, SMTP's reason); without SMTP_URL nothing is tried.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendTestEmail } from '../../../commands/test-email/send-test-email.js';
import { smtpMailer, type Mailer } from '../../../commands/test-email/smtp-mailer.js';
import { getMember } from '../../../projections/members/queries.js';
import { testEmailFailure, testEmailResultSchema, testEmailTexts } from '../../contracts/test-email.js';
import type { AppDeps } from '../../deps.js';
import { currentMember } from '../../plugins/session.js';
import { errorResponses } from '../route-schemas.js';

export const adminTestEmailRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { smtpUrl, smtpFrom } = deps.config;
  // One transport for the process (no pool: a test e-mail is rare), closed with the app.
  const mailer: Mailer | null = smtpUrl ? smtpMailer(smtpUrl) : null;
  app.addHook('onClose', async () => mailer?.close());

  app.post('/test-email', { schema: { tags: ['admin'], response: { 200: testEmailResultSchema, ...errorResponses(401, 403) } } }, async (request, reply) => {
    const session = currentMember(request);
    if (!mailer) return { success: false, message: testEmailTexts.notConfigured, configured: false, to: null, reason: null };
    const member = await getMember(deps.sql.db, session.memberId);
    const written = await sendTestEmail(
      { runtime: deps.commands.runtime, mailer, clock: deps.clock },
      { adminId: session.memberId, adminName: member?.name ?? session.email, to: session.email, from: smtpFrom, correlationId: request.id },
    );
    // Only the admin read model reads it, and writes do not wait for it: noted as every command is.
    void reply.afterWrite(written, [session.memberId]);
    const { outcome } = written;
    return outcome.sent
      ? { success: true, message: testEmailTexts.success, configured: true, to: session.email, reason: null }
      : { success: false, message: testEmailFailure(outcome.reason), configured: true, to: session.email, reason: outcome.reason };
  });
};
