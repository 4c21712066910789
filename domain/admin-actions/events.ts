// Events of an admin's own stream `admin-actions-{adminId}`: what an admin did that is no decision of
// another aggregate (a test e-mail now). Feature statuses, error resolutions, corrections and rebuilds
// stay in their own streams; the admin-activities read model lists them all. One stream per admin:
// two admins never wait for each other's lock.
import type { Event } from '../shared.js';

/** SMTP's answers are kept up to this length (a server's banner may be long; the gist is first). */
export const SMTP_ANSWER_MAX_LENGTH = 1000;

/** The test e-mail reached the SMTP server, which accepted it for the admin's address. */
export type TestEmailSent = Event<
  'TestEmailSent',
  {
    /** The admin's own address, from the session: the only address a test e-mail goes to. */
    to: string;
    /** The Message-ID header nodemailer set. */
    messageId: string;
    /** SMTP's last answer (e.g. `250 OK: queued`). */
    response: string;
    sentBy: string;
    sentAt: string;
  }
>;

/** The SMTP server refused the test e-mail, or could not be reached: why, as SMTP (or the network) said. */
export type TestEmailFailed = Event<
  'TestEmailFailed',
  {
    to: string;
    reason: string;
    sentBy: string;
    failedAt: string;
  }
>;

/**
 * An admin downloaded a session's dispute evidence pack (issue 33 point 5): which pack, by its hash, so
 * the audit can tell what was handed over. Recorded here, never in the pack: the pack stays the same bytes.
 */
export type EvidencePackDownloaded = Event<
  'EvidencePackDownloaded',
  { sessionId: string; sha256: string; format: 'json' | 'html'; downloadedBy: string; downloadedAt: string }
>;

export type AdminActionsEvent = TestEmailSent | TestEmailFailed | EvidencePackDownloaded;

export const adminActionsEventTypes = ['TestEmailSent', 'TestEmailFailed', 'EvidencePackDownloaded'] as const satisfies readonly AdminActionsEvent['type'][];

export const adminActionsStreamId = (adminId: string) => `admin-actions-${adminId}`;
