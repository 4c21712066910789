import { describe, expect, it } from 'vitest';
import type { Modification, MutualAvailability, Session } from '@contracts/sessions';
import { cancelSessionFormSchema, proposalFormSchema, rejectFormSchema, threadMessageFormSchema } from '@contracts/session-forms';
import { DEFAULT_REJECTION_REASON } from '@contracts/sessions';
import {
  cancellationClosed,
  cardTurningPoints,
  cardAbilities,
  classifySlots,
  declineCountdownLeft,
  mentorOffers,
  offeredSuggestions,
  proposalBlockedText,
  proposalChoices,
  smartSuggestions,
  timeMatch,
} from './session-rules';

const firstError = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message ?? null;

const START = Date.parse('2026-12-07T10:00:00Z');
const session = (overrides: Partial<Session>): Session =>
  ({
    id: 's1',
    status: 'requested',
    role: 'student',
    scheduled_at: '2026-12-07T10:00:00.000Z',
    session_date: '2026-12-07',
    session_time: '10:00',
    video_call_link: null,
    google_meet_link: null,
    student_rating: null,
    pending_modification_id: null,
    ...overrides,
  }) as Session;

const modification = (overrides: Partial<Modification>): Modification =>
  ({ id: 'm1', status: 'pending', proposed_by: 'me', proposed_date: '2026-12-08', proposed_time: '10:00', message: '', created_at: '', ...overrides }) as Modification;

const slot = (date: string, time: string) => ({ date, time, startsAt: `${date}T${time}:00.000Z`, day: 'Monday' });

describe('what a session card offers', () => {
  it('asks the student to wait and the mentor to act on a request', () => {
    expect(cardAbilities(session({ role: 'student' }), START - 1)).toMatchObject({ waitingForApproval: true, actionRequired: false, canCancelRequest: true });
    expect(cardAbilities(session({ role: 'instructor' }), START - 1)).toMatchObject({ waitingForApproval: false, actionRequired: true, canCancelRequest: false });
  });

  it('offers join and reschedule on a booked session, and completion to the mentor once it started', () => {
    const booked = session({ status: 'confirmed', role: 'instructor', video_call_link: 'https://meet.example/x' });
    expect(cardAbilities(booked, START - 1)).toMatchObject({ canJoin: true, canReschedule: true, canComplete: false });
    expect(cardAbilities(booked, START)).toMatchObject({ canJoin: true, canReschedule: false, canComplete: true });
    expect(cardAbilities({ ...booked, role: 'student' }, START).canComplete).toBe(false);
  });

  it('offers a started session only joining and, to the mentor, completion: no reschedule nor calendar', () => {
    const booked = session({ status: 'modification_pending', role: 'instructor', video_call_link: 'https://meet.example/x' });
    const started = cardAbilities(booked, START + 60_000);
    expect(started).toMatchObject({ canJoin: true, canComplete: true, canReschedule: false });
  });

  it('closes cancelling 2 hours before the start, as the server does, and re-reads the card at that moment and at the start', () => {
    const booked = session({ status: 'confirmed' });
    expect(cancellationClosed(booked, START - 2 * 3_600_000)).toBe(false);
    expect(cancellationClosed(booked, START - 2 * 3_600_000 + 1)).toBe(true);
    expect(cancellationClosed(booked, START + 1)).toBe(true);
    expect(cardTurningPoints(booked)).toEqual([START - 2 * 3_600_000 + 1, START]);
  });

  it('lets only the mentee rate, once, and mutes ended sessions', () => {
    expect(cardAbilities(session({ status: 'completed', role: 'student' }), START).canRate).toBe(true);
    expect(cardAbilities(session({ status: 'completed', role: 'student', student_rating: 4 }), START).canRate).toBe(false);
    expect(cardAbilities(session({ status: 'completed', role: 'instructor' }), START).canRate).toBe(false);
    for (const status of ['cancelled', 'declined', 'rejected'] as const) expect(cardAbilities(session({ status }), START).muted).toBe(true);
  });
});

describe('a second reschedule proposal', () => {
  const pending = session({ status: 'modification_pending', pending_modification_id: 'm1' });
  it('tells the proposer to cancel first and the other side to answer first', () => {
    expect(proposalBlockedText(pending, [modification({ proposed_by: 'me' })], 'me')).toBe(
      'You already have a pending reschedule request for this session. Please cancel the pending request first before proposing a new time.',
    );
    expect(proposalBlockedText(pending, [modification({ proposed_by: 'them' })], 'me')).toMatch(/^The other participant has a pending reschedule request/);
    expect(proposalBlockedText(session({ status: 'confirmed' }), [modification({ status: 'rejected' })], 'me')).toBeNull();
  });

  it('needs a date and a time', () => {
    expect(firstError(proposalFormSchema.safeParse({ date: '2026-12-08', time: '', message: '' }))).toBe('Please select both date and time');
    expect(proposalFormSchema.safeParse({ date: '2026-12-08', time: '10:00', message: '' }).success).toBe(true);
  });
});

describe('the smart calendar', () => {
  const data: MutualAvailability = {
    mutual_slots: [slot('2026-12-07', '10:00'), slot('2026-12-07', '11:00')],
    user_slots: [slot('2026-12-07', '12:00')],
    other_slots: [slot('2026-12-07', '13:00')],
    user_has_availability: true,
    other_has_availability: true,
  };

  it('classifies each cell as mutual, only mine or only theirs', () => {
    const kinds = classifySlots(data);
    expect([kinds.get('2026-12-07 10:00'), kinds.get('2026-12-07 12:00'), kinds.get('2026-12-07 13:00'), kinds.get('2026-12-07 14:00')]).toEqual([
      'mutual',
      'mine',
      'theirs',
      undefined,
    ]);
  });

  it('calls a mutual time a match and anything else inside the calendar a conflict', () => {
    const at = (time: string) => ({ session_date: '2026-12-07', session_time: time, scheduled_at: `2026-12-07T${time}:00.000Z` });
    const EARLY = Date.parse('2026-12-07T08:00:00Z');
    expect(timeMatch(at('10:00'), data, EARLY)).toBe('match');
    expect(timeMatch(at('13:00'), data, EARLY)).toBe('conflict');
    expect(timeMatch(at('15:00'), data, EARLY)).toBe('conflict');
    expect(timeMatch(at('20:00'), data, EARLY)).toBeNull();
    expect(timeMatch(at('10:00'), undefined, EARLY)).toBeNull();
  });

  it('says nothing unless both members have set availability, nor once the session has started', () => {
    const EARLY = Date.parse('2026-12-07T08:00:00Z');
    const at = (time: string) => ({ session_date: '2026-12-07', session_time: time, scheduled_at: `2026-12-07T${time}:00.000Z` });
    // A member without availability is not 'never free': their side of every cell is empty, which used to read as a clash.
    const studentWithout: MutualAvailability = {
      ...data,
      mutual_slots: [],
      user_slots: [],
      other_slots: [...data.mutual_slots, ...data.other_slots],
      user_has_availability: false,
    };
    expect(['10:00', '13:00', '15:00'].map((t) => timeMatch(at(t), studentWithout, EARLY))).toEqual([null, null, null]);
    expect(timeMatch(at('10:00'), { ...data, other_has_availability: false }, EARLY)).toBeNull();
    expect(timeMatch(at('10:00'), data, Date.parse('2026-12-07T10:00:00Z'))).toBeNull();
  });

  it("suggests mutual times other than the session's own", () => {
    expect(smartSuggestions({ session_date: '2026-12-07', session_time: '10:00' }, data).map((s) => s.time)).toEqual(['11:00']);
  });
});

describe('the propose dialog', () => {
  const free = (...slots: [string, string][]) => ({ availableSlots: slots.map(([date, time]) => slot(date, time)), bookedSlots: [] });

  it("offers only the mentor's free slots, date by date, from every month shown", () => {
    const choices = proposalChoices([free(['2026-12-09', '14:00'], ['2026-12-08', '11:00'], ['2026-12-09', '09:00']), undefined, free(['2027-01-04', '10:00'])]);
    expect(choices.dates).toEqual(['2026-12-08', '2026-12-09', '2027-01-04']);
    expect(choices.timesOn('2026-12-09')).toEqual(['09:00', '14:00']);
    expect(choices.timesOn('2026-12-10')).toEqual([]);
    expect(choices.timesOn('')).toEqual([]);
    expect(proposalChoices([undefined]).dates).toEqual([]);
  });

  it('lets the smart calendar propose only cells the mentor offers, from either side', () => {
    const kinds = ['mutual', 'mine', 'theirs', 'neither'] as const;
    expect(kinds.filter((k) => mentorOffers(k, 'student'))).toEqual(['mutual', 'theirs']);
    expect(kinds.filter((k) => mentorOffers(k, 'instructor'))).toEqual(['mutual', 'mine']);
    expect(kinds.filter((k) => mentorOffers(k, null))).toEqual(['mutual']);
  });

  it('suggests only mutual times the mentor also offers', () => {
    const choices = proposalChoices([free(['2026-12-07', '11:00'])]);
    expect(offeredSuggestions([slot('2026-12-07', '11:00'), slot('2026-12-07', '12:00')], choices).map((s) => s.time)).toEqual(['11:00']);
  });
});

describe('texts the member types', () => {
  it('requires a rejection reason, starting from the default text (spec 000 §4, §9)', () => {
    expect(rejectFormSchema.safeParse({ reason: DEFAULT_REJECTION_REASON }).success).toBe(true);
    expect(firstError(rejectFormSchema.safeParse({ reason: '' }))).toBe('Please give a reason for rejecting this request');
    expect(firstError(rejectFormSchema.safeParse({ reason: ' \n ' }))).toBe('Please give a reason for rejecting this request');
  });

  it('requires a cancellation reason and trims thread messages', () => {
    expect(firstError(cancelSessionFormSchema.safeParse({ reason: '  ' }))).toBe('Please give a reason for cancelling');
    expect(cancelSessionFormSchema.safeParse({ reason: ' Ill ' }).success).toBe(true);
    expect(threadMessageFormSchema.parse({ message: '  hi  ' })).toEqual({ message: 'hi' });
    expect(firstError(threadMessageFormSchema.safeParse({ message: ' \n ' }))).toBe('Please enter a message');
  });
});

describe('the decline confirmation countdown (spec 000 §5: 10 seconds)', () => {
  // The spec's 10 s is written out here: changing DECLINE_COUNTDOWN_SECONDS fails this test.
  const opened = START;

  it('starts at 10 seconds', () => {
    expect(declineCountdownLeft(opened, opened)).toBe(10);
  });

  it('counts whole seconds down and still runs a moment before 10 s', () => {
    expect(declineCountdownLeft(opened, opened + 1)).toBe(10);
    expect(declineCountdownLeft(opened, opened + 1_000)).toBe(9);
    expect(declineCountdownLeft(opened, opened + 9_999)).toBe(1);
  });

  it('runs out at 10 s, and stays out', () => {
    expect(declineCountdownLeft(opened, opened + 10_000)).toBe(0);
    expect(declineCountdownLeft(opened, opened + 60_000)).toBe(0);
  });
});
