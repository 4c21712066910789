// POST /api/admin/test-email (spec 002 §7: "success flag and message"; §8 its texts). The test is a
// diagnosis: its answer is 200 whether SMTP took the message or refused it, with SMTP's reason; a
// server without SMTP_URL says so instead of trying.
import { z } from 'zod';

export const testEmailTexts = {
  /** §8, verbatim. */
  success: 'Test email sent successfully! Check your notification inbox.',
  /** §8: shown when the server reports a failure without a message. */
  failed: 'Failed to send test email',
  /** §8: the request itself failed (network, 5xx). */
  networkError: 'Error sending test email. Please check logs.',
  notConfigured: 'E-mail is not configured on this server (set SMTP_URL).',
  /** The button (§2: idle, sending, success 'Email Sent!', failed). */
  idle: 'Test Email',
  sending: 'Sending...',
  sent: 'Email Sent!',
  failedLabel: 'Email Failed',
  notConfiguredLabel: 'E-mail not configured',
} as const;

/** §9: the button's message and state clear after 5 s. */
export const TEST_EMAIL_RESET_MS = 5_000;

/** The failure message the server gives: the spec's text and SMTP's reason. */
export const testEmailFailure = (reason: string) => `${testEmailTexts.failed}: ${reason}`;

export const testEmailResultSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  /** False when the server has no SMTP_URL: nothing was tried, nothing recorded. */
  configured: z.boolean(),
  /** The address the test went to (the admin's own). */
  to: z.string().nullable(),
  /** SMTP's reason when it refused; null otherwise. */
  reason: z.string().nullable(),
});

export type TestEmailResult = z.infer<typeof testEmailResultSchema>;
