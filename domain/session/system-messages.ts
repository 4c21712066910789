// System messages of a session thread (sender null). They are derived from lifecycle events by the
// thread read model rather than stored as events of their own: one fact, one event, and the thread
// rebuilds identically. A rating message starts with a machine-readable marker (spec 000 §3).
import type { SessionEvent } from './events.js';

export const RESCHEDULED_TEXT = 'Session rescheduled';

export interface RatingMarker {
  raterId: string;
  stars: number;
  hasReview: boolean;
}

const MARKER = /^\[rating rater=(\S+) stars=([1-5]) review=(yes|no)\]\s?/;

export const encodeRatingMarker = ({ raterId, stars, hasReview }: RatingMarker): string =>
  `[rating rater=${encodeURIComponent(raterId)} stars=${stars} review=${hasReview ? 'yes' : 'no'}]`;

/** The marker at the start of a system message, and the readable text after it; null for other messages. */
export const parseRatingMarker = (text: string): (RatingMarker & { text: string }) | null => {
  const match = MARKER.exec(text);
  if (!match) return null;
  const [whole, rater = '', stars = '0', review] = match;
  return { raterId: decodeURIComponent(rater), stars: Number(stars), hasReview: review === 'yes', text: text.slice(whole.length) };
};

const starsText = (stars: number) => `${stars} star${stars === 1 ? '' : 's'}`;

/** The system message an event adds to the thread, or null (thread messages are the members' own). */
export const systemMessageFor = (event: SessionEvent): string | null => {
  switch (event.type) {
    case 'SessionRequested':
      return `Session requested: ${event.data.skillName}`;
    case 'SessionApproved':
      return 'Session approved. The video-call link is ready.';
    case 'SessionRejected':
      return `Session request rejected: ${event.data.reason}`;
    case 'SessionRequestCancelled':
      return 'Session request cancelled by the student';
    case 'SessionRequestExpired':
      return 'Session request declined automatically: it was not answered before its start time';
    case 'RescheduleProposed':
      return event.data.message ? `Reschedule proposed: ${event.data.message}` : 'Reschedule proposed';
    case 'RescheduleApproved':
      return RESCHEDULED_TEXT;
    case 'RescheduleDeclined':
      return 'Reschedule request declined';
    case 'RescheduleCancelled':
      return 'Reschedule request cancelled';
    case 'SessionCancelled':
      return `Session cancelled: ${event.data.reason}`;
    case 'SessionCompleted':
      return event.data.trigger === 'mentor' ? 'Session marked as completed by the mentor' : 'Session completed';
    case 'SessionRated': {
      const { ratedBy, stars, review } = event.data;
      const marker = encodeRatingMarker({ raterId: ratedBy, stars, hasReview: review !== null });
      return `${marker} Rated the session ${starsText(stars)}${review ? ' and wrote a review' : ''}`;
    }
    case 'ThreadMessagePosted':
      return null;
    default:
      return null;
  }
};
