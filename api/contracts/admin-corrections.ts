// POST /api/admin/members/{id}/corrections (issue 33 point 4): an admin credits or debits a member's
// points with a reason. It is a new ledger entry (PointsGranted, reason 'correction', the admin as the
// event's actor), never an edit or a delete; refused where the available balance would go negative. The
// client sends a key of its own (a UUID made when the form opens): the same key corrects once, so a double
// click or a retried request after a lost answer cannot correct twice.
import { z } from 'zod';

/** The most one correction moves, either way: a correction repairs a mistake, it does not run the economy. */
export const CORRECTION_MAX_POINTS = 1_000;
export const CORRECTION_REASON_MAX = 500;

export const correctionTexts = {
  title: 'Correct points',
  amountLabel: 'Points (+ to credit, − to debit)',
  reasonLabel: 'Reason',
  submit: 'Correct balance',
  submitting: 'Correcting…',
  done: 'Balance corrected',
  badAmount: `Enter a whole number of points from -${CORRECTION_MAX_POINTS} to ${CORRECTION_MAX_POINTS}, not 0`,
  reasonRequired: 'Please give a reason for the correction',
  reasonTooLong: `Keep the reason under ${CORRECTION_REASON_MAX} characters`,
  badKey: 'The correction key must be a UUID',
  memberNotFound: 'No such member',
  failed: 'The correction failed. Please try again.',
} as const;

export const correctionParamsSchema = z.object({ id: z.string().min(1).max(200) });

export const correctionBodySchema = z.object({
  amount: z
    .number({ message: correctionTexts.badAmount })
    .int(correctionTexts.badAmount)
    .min(-CORRECTION_MAX_POINTS, correctionTexts.badAmount)
    .max(CORRECTION_MAX_POINTS, correctionTexts.badAmount)
    .refine((n) => n !== 0, correctionTexts.badAmount),
  reason: z.string().trim().min(1, correctionTexts.reasonRequired).max(CORRECTION_REASON_MAX, correctionTexts.reasonTooLong),
  idempotencyKey: z.string().uuid(correctionTexts.badKey),
});

export const correctionResultSchema = z.object({
  transactionId: z.string(),
  memberId: z.string(),
  amount: z.number().int(),
  reason: z.string(),
  /** The member's points after the correction, from the ledger itself (no read model lag). */
  available: z.number().int(),
  held: z.number().int(),
});

export type CorrectionBody = z.infer<typeof correctionBodySchema>;
export type CorrectionResult = z.infer<typeof correctionResultSchema>;

/** The inspector's form: the body without the key, which the form makes itself. */
export const correctionFormSchema = correctionBodySchema.pick({ amount: true, reason: true });
export type CorrectionForm = z.infer<typeof correctionFormSchema>;
