// Moving a booked session (spec 000 §4, issue 19 point 7): a proposal must be a slot the booking itself
// would offer, i.e. the mentor's availability in the mentor's zone, within the months the booking page
// browses, with the booking's fallback for a mentor who has not set availability. A proposal that the
// mentor offers but another session holds is the slot cells' CONFLICT, checked after this by the caller.
import type { MemberState } from '../member/state.js';
import { availableSlots, isStartAvailable, type AvailableSlots, type BookedInterval } from '../session/availability.js';
import { texts } from '../session/rules.js';
import { DomainError } from '../shared.js';

export interface RescheduleProposal {
  /** The proposed start, UTC ISO. */
  startsAt: string;
  durationHours: number;
}

export interface RescheduleContext {
  now: string;
  /** The proposer's zone: the months they may browse are counted on their calendar, as when booking. */
  viewerTimeZone: string;
}

/** Refuses, with the booking's text, a start the mentor does not offer. */
export const assertRescheduleOffered = (proposal: RescheduleProposal, mentor: MemberState, context: RescheduleContext): void => {
  const offered =
    mentor.status === 'active' &&
    isStartAvailable({
      availability: mentor.availability,
      mentorTimeZone: mentor.timeZone,
      durationHours: proposal.durationHours,
      now: context.now,
      booked: [], // a booked start is the slot's CONFLICT (texts.slotTaken), as in decideBooking
      viewerTimeZone: context.viewerTimeZone,
      startsAt: proposal.startsAt,
    });
  if (!offered) throw new DomainError('VALIDATION', texts.slotNotAvailable);
};

export interface RescheduleSlotsQuery extends RescheduleContext {
  mentor: { availability: AvailableSlotsQuery['availability']; timeZone: string };
  /** The session being moved: its own time neither blocks a new one nor is offered as one. */
  session: { startsAt: string; durationHours: number };
  /** The mentor's other sessions that occupy time. */
  booked: readonly BookedInterval[];
  monthOffset: number;
}

type AvailableSlotsQuery = Parameters<typeof availableSlots>[0];

/** The booking page's slots (same contract) for moving `session`: what the propose dialog offers. */
export const rescheduleSlots = (query: RescheduleSlotsQuery): AvailableSlots => {
  const slots = availableSlots({
    availability: query.mentor.availability,
    mentorTimeZone: query.mentor.timeZone,
    durationHours: query.session.durationHours,
    monthOffset: query.monthOffset,
    now: query.now,
    booked: query.booked,
    viewerTimeZone: query.viewerTimeZone,
  });
  const current = Date.parse(query.session.startsAt);
  const notCurrent = (slot: { startsAt: string }) => Date.parse(slot.startsAt) !== current;
  return { availableSlots: slots.availableSlots.filter(notCurrent), bookedSlots: slots.bookedSlots.filter(notCurrent) };
};
