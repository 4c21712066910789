// Request and response shapes of the session area (issue 3, docs/sessions-api.md). Dates and times are
// on the signed-in member's clock; every instant is also given as UTC ISO. Rule texts and limits come
// from the domain and are re-exported here for the web client, so a 400 and a form's own check read
// the same; the client's form schemas are in session-forms.ts.
import { z } from 'zod';
import { REQUEST_MESSAGE_MAX, RESCHEDULE_MESSAGE_MAX, REVIEW_MAX, REASON_MAX, THREAD_MESSAGE_MAX, texts } from '../../domain/session/rules.js';
import { experienceLevels } from './members.js';

export type { SessionDuration } from '../../domain/session/events.js';
export {
  DEFAULT_REJECTION_REASON,
  DEFAULT_SESSION_DURATION,
  REASON_MAX,
  REQUEST_MESSAGE_MAX,
  RESCHEDULE_MESSAGE_MAX,
  REVIEW_MAX,
  SESSION_DURATIONS,
  sessionCost,
  texts as sessionTexts,
  THREAD_MESSAGE_MAX,
} from '../../domain/session/rules.js';
export { DECLINE_COUNTDOWN_SECONDS } from './limits.js';

/** The reschedule message's limit text (the domain has none of its own: the request message's reads the same). */
export const rescheduleMessageTooLong = `Messages are at most ${RESCHEDULE_MESSAGE_MAX} characters`;

export const sessionStatuses = ['requested', 'confirmed', 'modification_pending', 'completed', 'cancelled', 'declined', 'rejected'] as const;
/** Spec 000 §4's three tabs, and History for sessions that ended without taking place (decision 18, revised). */
export const dashboardTabs = ['requested', 'upcoming', 'completed', 'history'] as const;

export const participantSchema = z.object({ id: z.string(), name: z.string().nullable(), avatar: z.string().nullable() });
export type Participant = z.infer<typeof participantSchema>;

/** projections/sessions/session-view.ts SessionView: spec 000 §3 in snake_case plus camelCase aliases. */
export const sessionSchema = z.object({
  id: z.string(),
  student_id: z.string(),
  studentId: z.string(),
  instructor_id: z.string(),
  instructorId: z.string(),
  skill_id: z.string(),
  skillId: z.string(),
  skill_name: z.string(),
  experience_level: z.enum(experienceLevels),
  scheduled_at: z.string(),
  ends_at: z.string(),
  session_date: z.string(),
  session_time: z.string(),
  time_zone: z.string(),
  duration: z.number(),
  duration_hours: z.number(),
  status: z.enum(sessionStatuses),
  cost: z.number().int(),
  points_per_hour: z.number().int().nullable(),
  points_transferred: z.number().int(),
  pointsTransferred: z.number().int(),
  point_status: z.enum(['held', 'transferred', 'refunded', 'none']),
  held_points: z.number().int(),
  student_message: z.string(),
  requestMessage: z.string(),
  video_call_link: z.string().nullable(),
  videoCallLink: z.string().nullable(),
  google_meet_link: z.string().nullable(),
  googleMeetLink: z.string().nullable(),
  student_rating: z.number().int().nullable(),
  student_review: z.string().nullable(),
  rated_at: z.string().nullable(),
  instructor_notes: z.string().nullable(),
  status_reason: z.string().nullable(),
  status_changed_by: z.string().nullable(),
  pending_modification_id: z.string().nullable(),
  approved_by: z.string().nullable(),
  approved_by_name: z.string().nullable(),
  approved_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  student: participantSchema,
  instructor: participantSchema,
  role: z.enum(['student', 'instructor']).nullable(),
  other_user: participantSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Session = z.infer<typeof sessionSchema>;

export const threadMessageSchema = z.object({
  id: z.string(),
  session_id: z.string(),
  sender_id: z.string().nullable(),
  sender_name: z.string().nullable(),
  is_system_message: z.boolean(),
  message: z.string(),
  created_at: z.string(),
});
export type ThreadMessage = z.infer<typeof threadMessageSchema>;

export const modificationSchema = z.object({
  id: z.string(),
  session_id: z.string(),
  status: z.enum(['pending', 'approved', 'rejected', 'cancelled']),
  proposed_by: z.string(),
  proposed_starts_at: z.string(),
  proposed_date: z.string(),
  proposed_time: z.string(),
  previous_starts_at: z.string(),
  message: z.string(),
  resolved_by: z.string().nullable(),
  resolved_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Modification = z.infer<typeof modificationSchema>;

export const holdSchema = z.object({
  id: z.string(),
  session_id: z.string(),
  member_id: z.string(),
  state: z.enum(['active', 'refunded', 'adjudicated']),
  amount: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Hold = z.infer<typeof holdSchema>;

export const slotSchema = z.object({ date: z.string(), time: z.string(), startsAt: z.string() });
export const availableSlotsSchema = z.object({ availableSlots: z.array(slotSchema), bookedSlots: z.array(slotSchema) });
export type AvailableSlots = z.infer<typeof availableSlotsSchema>;

export const calendarSlotSchema = slotSchema.extend({ day: z.string() });
export const mutualAvailabilitySchema = z.object({
  mutual_slots: z.array(calendarSlotSchema),
  user_slots: z.array(calendarSlotSchema),
  other_slots: z.array(calendarSlotSchema),
  /** Whether each member has set any availability: without it the calendar cannot tell a clash (issue 19 point 12). */
  user_has_availability: z.boolean(),
  other_has_availability: z.boolean(),
});
export type MutualAvailability = z.infer<typeof mutualAvailabilitySchema>;

// Query strings arrive as text; an absent value takes the default, a malformed one is a 400.
const queryNumber = (fallback: number) => z.coerce.number({ message: 'must be a number' }).default(fallback);

export const availableSlotsQuerySchema = z.object({
  duration: queryNumber(1),
  monthOffset: z.coerce.number().int().optional(),
  offset: z.coerce.number().int().optional(),
});
/** The propose dialog's slots: the booking page's contract (availableSlotsSchema) for the session's mentor and length. */
export const rescheduleSlotsQuerySchema = z.object({ monthOffset: z.coerce.number({ message: 'must be a number' }).int().default(0) });
export const mutualAvailabilityQuerySchema = z.object({ monthOffset: z.coerce.number().int().default(0), duration: z.coerce.number().optional() });
export const holdsQuerySchema = z.object({ userId: z.string().max(100).optional() });

const id = z.string().max(100).nullish();
const text = (max: number, message: string) => z.string().max(max, message).nullish();

/** POST /api/sessions. Extra fields the spec's client sends (status, points_transferred...) are ignored. */
// Who and what are required, and a date must look like one: a missing skill or 'someday' is a 400 with the
// booking's text, not a lookup that answers 404 (issue 19 point 5).
const required = z.string({ message: texts.chooseMentorAndSkill }).trim().min(1, texts.chooseMentorAndSkill).max(100);
export const requestSessionBodySchema = z.object({
  instructor_id: required,
  skill_id: required,
  session_date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, texts.selectDateAndTime)
    .nullish(),
  session_time: z.string().max(20).nullish(),
  /** Alternative to date + time: the start as a UTC instant. */
  scheduled_at: z.string().max(40).nullish(),
  duration: z.number({ message: texts.durationInvalid }).nullish(),
  student_message: text(REQUEST_MESSAGE_MAX, texts.requestMessageTooLong),
  student_id: id,
});
export type RequestSessionBody = z.input<typeof requestSessionBodySchema>;

// Bodies the spec's client may leave out entirely (Fastify hands the validator null for none).
export const approveBodySchema = z.object({ approved_by: id }).nullish();
export const rejectBodySchema = z.object({ rejection_message: text(REASON_MAX, texts.reasonTooLong), rejected_by: id }).nullish();
export const cancelRequestBodySchema = z.object({ cancelled_by: id }).nullish();
export const cancelSessionBodySchema = z.object({ reason: text(REASON_MAX, texts.reasonTooLong), user_id: id }).nullish();
export const proposeModificationBodySchema = z.object({
  proposed_date: z.string().max(20).nullish(),
  proposed_time: z.string().max(20).nullish(),
  message: text(RESCHEDULE_MESSAGE_MAX, rescheduleMessageTooLong),
  proposed_by: id,
});
export const proposeRescheduleBodySchema = z.object({
  new_date: z.string().max(20).nullish(),
  new_time: z.string().max(20).nullish(),
  message: text(RESCHEDULE_MESSAGE_MAX, rescheduleMessageTooLong),
  user_id: id,
});
export const modificationAnswerBodySchema = z.object({ user_id: id }).nullish();
export const cancelModificationBodySchema = z.object({ user_id: id, modification_id: id }).nullish();
export const completeBodySchema = z.object({ user_id: id }).nullish();
export const rateBodySchema = z
  .object({
    rating: z.number({ message: texts.ratingRange }).nullish(),
    review: text(REVIEW_MAX, texts.reviewTooLong),
    user_id: id,
  })
  .nullish();
export const threadMessageBodySchema = z.object({ message: z.string({ message: texts.messageEmpty }).max(THREAD_MESSAGE_MAX, texts.messageTooLong), sender_id: id });

export type ProposeModificationBody = z.input<typeof proposeModificationBodySchema>;
export type ProposeRescheduleBody = z.input<typeof proposeRescheduleBodySchema>;
export type RateBody = NonNullable<z.input<typeof rateBodySchema>>;
export type RejectBody = NonNullable<z.input<typeof rejectBodySchema>>;
export type CancelSessionBody = NonNullable<z.input<typeof cancelSessionBodySchema>>;
export type ThreadMessageBody = z.input<typeof threadMessageBodySchema>;

export const sessionIdParams = z.object({ id: z.string().min(1).max(100) });
export const modificationParams = sessionIdParams.extend({ modId: z.string().min(1).max(100) });
