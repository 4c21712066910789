// POST /api/admin/test-email: sends a test e-mail to the admin's own address at once and records the
// outcome on the admin's stream. No reactor (DESIGN.md §9): the admin waits for SMTP's answer, and the
// event is what happened, sent or refused, written after SMTP has answered.
import { adminActionsDecider, type TestEmailOutcome } from '../../domain/admin-actions/decide.js';
import { adminActionsStreamId, type AdminActionsEvent } from '../../domain/admin-actions/events.js';
import type { Checkpoint } from '../../eventstore/types.js';
import type { CommandRuntime } from '../runtime/types.js';
import { smtpReason, type Mailer } from './smtp-mailer.js';

export interface TestEmailDeps {
  runtime: CommandRuntime;
  mailer: Mailer;
  /** Read after SMTP has answered: the event's time is when the outcome was known. */
  clock: () => Date;
}

export interface SendTestEmailInput {
  adminId: string;
  adminName: string;
  /** The admin's own address, from the session. */
  to: string;
  from: string;
  correlationId?: string | undefined;
}

export interface TestEmailResult {
  outcome: TestEmailOutcome;
  checkpoint: Checkpoint | null;
  events: readonly AdminActionsEvent[];
}

export const TEST_EMAIL_SUBJECT = 'SkillSwap test e-mail';

const body = (name: string, at: string) =>
  `Hello ${name},\n\nThis is the test e-mail you sent from the SkillSwap admin dashboard at ${at}.\nIf you are reading it, outgoing e-mail (SMTP_URL) works.\n`;

export const sendTestEmail = async (deps: TestEmailDeps, input: SendTestEmailInput): Promise<TestEmailResult> => {
  const { adminId, adminName, to, from } = input;
  let outcome: TestEmailOutcome;
  try {
    const accepted = await deps.mailer.send({ from, to, subject: TEST_EMAIL_SUBJECT, text: body(adminName, deps.clock().toISOString()) });
    outcome = { sent: true, ...accepted };
  } catch (error) {
    outcome = { sent: false, reason: smtpReason(error) };
  }
  const now = deps.clock().toISOString();
  const result = await deps.runtime.handle(
    adminActionsDecider,
    adminActionsStreamId(adminId),
    { type: 'RecordTestEmail', adminId, to, outcome, now },
    { now, actorId: adminId, correlationId: input.correlationId },
  );
  return { outcome, checkpoint: result.checkpoint, events: result.events };
};
