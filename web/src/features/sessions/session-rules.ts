// Pure rules of the session card and its dialogs (document 000 §2, §4, §5), apart from the
// components so they can be tested without a browser.
import type { AvailableSlots, Modification, MutualAvailability, Session } from '@contracts/sessions';
import { CANCELLATION_NOTICE_HOURS, DECLINE_COUNTDOWN_SECONDS, sessionTexts } from '@contracts/limits';

/**
 * Whole seconds the decline confirmation has left (spec 000 §5), counted from when it opened so that
 * re-renders neither restart nor slow it; 0 means it has run out and cancels itself.
 */
export const declineCountdownLeft = (openedAt: number, now: number): number => Math.max(0, Math.ceil((openedAt + DECLINE_COUNTDOWN_SECONDS * 1_000 - now) / 1_000));
/** Spec 000 §5: proposing a time only the other side has free pre-fills this message. */
export const OTHER_ONLY_MESSAGE = 'This time is outside my usual availability, but it works for you and I can make it.';

const isRequest = (status: string) => status === 'requested' || status === 'pending';
const isBooked = (status: string) => status === 'confirmed' || status === 'modification_pending';

export interface CardAbilities {
  muted: boolean;
  waitingForApproval: boolean;
  actionRequired: boolean;
  canCancelRequest: boolean;
  canJoin: boolean;
  canReschedule: boolean;
  canComplete: boolean;
  canRate: boolean;
}

/** The last moment a booked session may be cancelled: CANCELLATION_NOTICE_HOURS before it starts (the server's rule). */
export const cancellationClosesAt = (session: Pick<Session, 'scheduled_at'>): number => Date.parse(session.scheduled_at) - CANCELLATION_NOTICE_HOURS * 3_600_000;

/** Whether cancelling is already refused at `now`: the dialog says so before anyone types a reason. */
export const cancellationClosed = (session: Pick<Session, 'scheduled_at'>, now: number): boolean => now > cancellationClosesAt(session);

/** The instants at which a card's abilities change on their own: cancellation closing, and the start. */
export const cardTurningPoints = (session: Pick<Session, 'scheduled_at'>): number[] => [cancellationClosesAt(session) + 1, Date.parse(session.scheduled_at)];

/**
 * What the viewer may see and do on a card; `now` is the browser clock in ms. A session that has started
 * (decision 189) offers joining, the thread and, to the mentor, 'Mark as completed'; moving or
 * cancelling it is over (the server refuses both), so Reschedule and the Smart Calendar go with the start.
 */
export const cardAbilities = (session: Session, now: number): CardAbilities => {
  const student = session.role === 'student';
  const instructor = session.role === 'instructor';
  const started = Date.parse(session.scheduled_at) <= now;
  return {
    muted: session.status === 'cancelled' || session.status === 'declined' || session.status === 'rejected',
    waitingForApproval: student && isRequest(session.status),
    actionRequired: instructor && isRequest(session.status),
    canCancelRequest: student && isRequest(session.status),
    canJoin: isBooked(session.status) && !!(session.video_call_link || session.google_meet_link),
    canReschedule: isBooked(session.status) && !started,
    canComplete: instructor && isBooked(session.status) && started,
    canRate: student && session.status === 'completed' && session.student_rating === null,
  };
};

/** The pending reschedule request, if any, and whether the viewer proposed it. */
export const pendingModification = (session: Session, modifications: readonly Modification[] | undefined, viewerId: string) => {
  const pending = modifications?.find((m) => m.status === 'pending' && (!session.pending_modification_id || m.id === session.pending_modification_id));
  if (!pending) return null;
  return { modification: pending, mine: pending.proposed_by === viewerId };
};

/** The text that stops a second proposal while one is pending; null when a proposal is allowed. */
export const proposalBlockedText = (session: Session, modifications: readonly Modification[] | undefined, viewerId: string): string | null => {
  if (session.status !== 'modification_pending' && !session.pending_modification_id) return null;
  const pending = pendingModification(session, modifications, viewerId);
  if (pending) return pending.mine ? sessionTexts.pendingOwnModification : sessionTexts.pendingOtherModification;
  return sessionTexts.pendingOtherModification;
};

export type SlotKind = 'mutual' | 'mine' | 'theirs' | 'neither';
export const slotId = (date: string, time: string) => `${date} ${time}`;

export const classifySlots = (data: MutualAvailability | undefined): Map<string, SlotKind> => {
  const kinds = new Map<string, SlotKind>();
  for (const s of data?.mutual_slots ?? []) kinds.set(slotId(s.date, s.time), 'mutual');
  for (const s of data?.user_slots ?? []) kinds.set(slotId(s.date, s.time), 'mine');
  for (const s of data?.other_slots ?? []) kinds.set(slotId(s.date, s.time), 'theirs');
  return kinds;
};

/**
 * Whether the mentor offers a calendar cell, seen from the viewer's side: only those can be proposed
 * (issue 19 point 7). A mentee may pick a time only the mentor has free (spec 000 §5's other-only
 * message), a mentor one only they have free, and neither a time the mentor is not free.
 */
export const mentorOffers = (kind: SlotKind, viewerRole: Session['role']): boolean =>
  kind === 'mutual' || (viewerRole === 'student' && kind === 'theirs') || (viewerRole === 'instructor' && kind === 'mine');

export const CALENDAR_HOURS = Array.from({ length: 10 }, (_, i) => `${String(9 + i).padStart(2, '0')}:00`);

/**
 * 'match' when both members are free at the session's time, 'conflict' when at least one is not
 * (a calendar cell that is only one side's, or nobody's), null when the calendar cannot tell: a member
 * without availability is not 'never free' but unknown, and a session that has started is past asking.
 */
export const timeMatch = (
  session: Pick<Session, 'session_date' | 'session_time' | 'scheduled_at'>,
  data: MutualAvailability | undefined,
  now: number,
): 'match' | 'conflict' | null => {
  if (!data || !data.user_has_availability || !data.other_has_availability) return null;
  if (Date.parse(session.scheduled_at) <= now) return null;
  const kind = classifySlots(data).get(slotId(session.session_date, session.session_time));
  if (kind === 'mutual') return 'match';
  if (kind) return 'conflict';
  return CALENDAR_HOURS.includes(session.session_time) ? 'conflict' : null;
};

/** The first few mutual times other than the session's own, for the reschedule dialog's suggestions. */
export const smartSuggestions = (session: Pick<Session, 'session_date' | 'session_time'>, data: MutualAvailability | undefined, count = 4) =>
  (data?.mutual_slots ?? []).filter((s) => !(s.date === session.session_date && s.time === session.session_time)).slice(0, count);

export interface ProposalChoices {
  /** Dates (YYYY-MM-DD, the viewer's) with at least one slot the mentor offers, in order. */
  dates: string[];
  /** The offered times (HH:MM) on a date, in order; none for any other date. */
  timesOn: (date: string) => string[];
}

/**
 * What the propose dialog offers: only the slots the mentor offers for this session (the booking's
 * rules, from GET /api/sessions/{id}/reschedule-slots for each month shown), so a proposal the server
 * would refuse cannot be picked (issue 19 point 7).
 */
export const proposalChoices = (months: readonly (AvailableSlots | undefined)[]): ProposalChoices => {
  const byDate = new Map<string, Set<string>>();
  for (const slot of months.flatMap((m) => m?.availableSlots ?? [])) {
    const times = byDate.get(slot.date) ?? new Set<string>();
    times.add(slot.time);
    byDate.set(slot.date, times);
  }
  return { dates: [...byDate.keys()].sort(), timesOn: (date) => [...(byDate.get(date) ?? [])].sort() };
};

/** Smart suggestions the mentor also offers (both free is not enough when another session holds the time). */
export const offeredSuggestions = <T extends { date: string; time: string }>(suggestions: readonly T[], choices: ProposalChoices): T[] =>
  suggestions.filter((s) => choices.timesOn(s.date).includes(s.time));
