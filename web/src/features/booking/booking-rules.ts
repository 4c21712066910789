// Pure rules of the booking panel (document 000 §2, §5, §9; document 001 §5), testable without a browser.
// Durations, limits, the cost and the server's texts come from @contracts/sessions.
import type { AvailableSlots, SessionDuration } from '@contracts/sessions';
import { monthAt } from '@/lib/dates';

export const MONTH_OFFSET_MIN = -1;
export const MONTH_OFFSET_MAX = 1;

export const SEND_FAILED = 'Failed to send session request. Please try again.';

export const durationLabels: Record<SessionDuration, string> = { 0.75: '45 minutes', 1: '1 hour', 1.5: '1 hour 30 minutes' };

export const insufficientText = (cost: number): string => `You need ${cost} point(s) to request this session`;

export const monthLabel = (offset: number, today: Date = new Date()): string => monthAt(offset, today).label;

export const clampOffset = (offset: number): number => Math.min(MONTH_OFFSET_MAX, Math.max(MONTH_OFFSET_MIN, offset));

/** The dates that have at least one free start, in order. */
export const datesWithSlots = (slots: AvailableSlots | undefined): string[] => [...new Set((slots?.availableSlots ?? []).map((s) => s.date))].sort();

export interface TimeOption {
  time: string;
  booked: boolean;
}

/** Free starts on a date, with the taken ones alongside so members see why a time is missing. */
export const timesOn = (slots: AvailableSlots | undefined, date: string): TimeOption[] => {
  if (!slots || !date) return [];
  const free = slots.availableSlots.filter((s) => s.date === date).map((s) => ({ time: s.time, booked: false }));
  const taken = slots.bookedSlots.filter((s) => s.date === date).map((s) => ({ time: s.time, booked: true }));
  return [...free, ...taken].sort((a, b) => a.time.localeCompare(b.time));
};

export const isFree = (slots: AvailableSlots | undefined, date: string, time: string): boolean => !!slots?.availableSlots.some((s) => s.date === date && s.time === time);

/** Document 001 §2.1: the profile's booking message starts as a greeting asking for availability. */
export const greetingMessage = (mentorName: string, skillName: string | undefined): string => {
  const first = mentorName.trim().split(/\s+/)[0] || 'there';
  return `Hi ${first}! I'd love to learn ${skillName ?? 'from you'} with you. Are you available at the time I picked? If not, let me know what works for you.`;
};
