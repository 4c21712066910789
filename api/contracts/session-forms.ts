// What the web client's session forms check before sending, with the domain's limits and texts. The
// request bodies in sessions.ts accept more (every field nullish, as the spec's client sends them);
// the deciders refuse the rest with these same texts, so a form and a 400 read alike.
import { z } from 'zod';
import {
  DEFAULT_SESSION_DURATION,
  REASON_MAX,
  REQUEST_MESSAGE_MAX,
  RESCHEDULE_MESSAGE_MAX,
  REVIEW_MAX,
  SESSION_DURATIONS,
  texts,
  THREAD_MESSAGE_MAX,
} from '../../domain/session/rules.js';
import { rescheduleMessageTooLong } from './sessions.js';

const chosen = z.string().min(1, texts.selectDateAndTime);
const reason = z.string().max(REASON_MAX, texts.reasonTooLong);

/** Booking: a date and a time from the mentor's free slots, one of the offered durations, an optional message. */
export const bookingFormSchema = z.object({
  skillId: z.string().min(1),
  date: chosen,
  time: chosen,
  duration: z.literal(SESSION_DURATIONS, { message: texts.durationInvalid }),
  message: z.string().max(REQUEST_MESSAGE_MAX, texts.requestMessageTooLong),
});
export type BookingForm = z.infer<typeof bookingFormSchema>;
export const bookingFormDefaults = (skillId: string, message = ''): BookingForm => ({ skillId, date: '', time: '', duration: DEFAULT_SESSION_DURATION, message });

/** A reschedule proposal: both a date and a time. */
export const proposalFormSchema = z.object({
  date: chosen,
  time: chosen,
  message: z.string().max(RESCHEDULE_MESSAGE_MAX, rescheduleMessageTooLong),
});
export type ProposalForm = z.infer<typeof proposalFormSchema>;

/** Rejecting a request needs a reason (spec 000 §4); the dialog starts from the default rejection text. */
export const rejectFormSchema = z.object({ reason: reason.refine((text) => text.trim() !== '', texts.rejectReasonRequired) });
export type RejectForm = z.infer<typeof rejectFormSchema>;

/** Cancelling a confirmed session needs a reason. */
export const cancelSessionFormSchema = z.object({ reason: reason.refine((text) => text.trim() !== '', texts.cancelReasonRequired) });
export type CancelSessionForm = z.infer<typeof cancelSessionFormSchema>;

/** A rating is 1 to 5 whole stars; the review is optional. */
export const ratingFormSchema = z.object({
  rating: z.number().int(texts.ratingRange).min(1, texts.selectRating).max(5, texts.ratingRange),
  review: z.string().max(REVIEW_MAX, texts.reviewTooLong),
});
export type RatingForm = z.infer<typeof ratingFormSchema>;

/** A message in a session's thread: trimmed, not empty. */
export const threadMessageFormSchema = z.object({ message: z.string().trim().min(1, texts.messageEmpty).max(THREAD_MESSAGE_MAX, texts.messageTooLong) });
export type ThreadMessageForm = z.input<typeof threadMessageFormSchema>;
