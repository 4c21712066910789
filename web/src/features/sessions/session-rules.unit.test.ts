import { describe, expect, it } from 'vitest';
import type { Modification, MutualAvailability, Session } from '@contracts/sessions';
import { cancelSessionFormSchema, proposalFormSchema, threadMessageFormSchema } from '@contracts/session-forms';
import { cardAbilities, classifySlots, declineCountdownLeft, proposalBlockedText, smartSuggestions, timeMatch } from './session-rules';

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
    expect(timeMatch({ session_date: '2026-12-07', session_time: '10:00' }, data)).toBe('match');
    expect(timeMatch({ session_date: '2026-12-07', session_time: '13:00' }, data)).toBe('conflict');
    expect(timeMatch({ session_date: '2026-12-07', session_time: '15:00' }, data)).toBe('conflict');
    expect(timeMatch({ session_date: '2026-12-07', session_time: '20:00' }, data)).toBeNull();
    expect(timeMatch({ session_date: '2026-12-07', session_time: '10:00' }, undefined)).toBeNull();
  });

  it("suggests mutual times other than the session's own", () => {
    expect(smartSuggestions({ session_date: '2026-12-07', session_time: '10:00' }, data).map((s) => s.time)).toEqual(['11:00']);
  });
});

describe('texts the member types', () => {
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
