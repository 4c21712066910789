// The admin-actions decider: records the outcome of a test e-mail the admin has just sent (the sending
// happens before, in commands/test-email/: the admin waits for SMTP's answer, and only then is there
// anything to record), and each download of a session's evidence pack (commands/evidence/).
import { DomainError, assertNever, type Decider } from '../shared.js';
import { SMTP_ANSWER_MAX_LENGTH, type AdminActionsEvent } from './events.js';

export type TestEmailOutcome = { sent: true; messageId: string; response: string } | { sent: false; reason: string };

export interface RecordTestEmail {
  type: 'RecordTestEmail';
  adminId: string;
  to: string;
  outcome: TestEmailOutcome;
  now: string;
}

export interface RecordEvidenceDownload {
  type: 'RecordEvidenceDownload';
  adminId: string;
  sessionId: string;
  sha256: string;
  format: 'json' | 'html';
  now: string;
}

export type AdminActionsCommand = RecordTestEmail | RecordEvidenceDownload;

export type AdminActionsState = { status: 'none' } | { status: 'acting'; testEmails: number };

export const initialAdminActionsState = (): AdminActionsState => ({ status: 'none' });

export const evolveAdminActions = (state: AdminActionsState, event: AdminActionsEvent): AdminActionsState => {
  switch (event.type) {
    case 'TestEmailSent':
    case 'TestEmailFailed':
      return { status: 'acting', testEmails: (state.status === 'acting' ? state.testEmails : 0) + 1 };
    default:
      return state;
  }
};

/** SMTP's text is whatever the server said: kept whole up to the limit, never refused for its length. */
const smtpText = (text: string) => text.trim().slice(0, SMTP_ANSWER_MAX_LENGTH);

export const decideRecordTestEmail = (command: RecordTestEmail): AdminActionsEvent[] => {
  const to = command.to.trim();
  if (!command.adminId.trim() || !to) throw new DomainError('VALIDATION', 'An admin and their address are required');
  const { adminId, outcome, now } = command;
  if (outcome.sent) return [{ type: 'TestEmailSent', data: { to, messageId: outcome.messageId, response: smtpText(outcome.response), sentBy: adminId, sentAt: now } }];
  return [{ type: 'TestEmailFailed', data: { to, reason: smtpText(outcome.reason) || 'No reason given', sentBy: adminId, failedAt: now } }];
};

export const decideRecordEvidenceDownload = (command: RecordEvidenceDownload): AdminActionsEvent[] => {
  if (!/^[0-9a-f]{64}$/.test(command.sha256)) throw new DomainError('VALIDATION', 'An evidence pack is named by its SHA-256');
  const { adminId, sessionId, sha256, format, now } = command;
  return [{ type: 'EvidencePackDownloaded', data: { sessionId, sha256, format, downloadedBy: adminId, downloadedAt: now } }];
};

const decideAdminActions = (command: AdminActionsCommand): AdminActionsEvent[] => {
  switch (command.type) {
    case 'RecordTestEmail':
      return decideRecordTestEmail(command);
    case 'RecordEvidenceDownload':
      return decideRecordEvidenceDownload(command);
    default:
      return assertNever(command);
  }
};

export const adminActionsDecider: Decider<AdminActionsState, AdminActionsCommand, AdminActionsEvent> = {
  initialState: initialAdminActionsState,
  evolve: evolveAdminActions,
  decide: (command) => decideAdminActions(command),
};
