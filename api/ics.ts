// An iCalendar file (RFC 5545) for one confirmed session, so a member can put it in any calendar.
// Times are written in UTC: every calendar converts them to the reader's own zone.
import type { SessionView } from '../projections/sessions/session-view.js';

const utcStamp = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** RFC 5545 §3.3.11: backslash, semicolon, comma and newlines are escaped in TEXT values. */
export const escapeText = (text: string) => text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** RFC 5545 §3.1: lines longer than 75 octets are folded with CRLF + space, never inside a UTF-8 character. */
export const foldLine = (line: string): string => {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    const limit = parts.length === 0 ? 75 : 74; // continuation lines start with the folding space
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
};

export interface CalendarFileInput {
  session: SessionView;
  /** When the file is made (DTSTAMP), from the injected clock. */
  now: string;
  /** The host name that makes UIDs globally unique. */
  host: string;
}

export const sessionCalendarFile = ({ session, now, host }: CalendarFileInput): string => {
  const other = session.other_user?.name ?? (session.role === 'student' ? session.instructor.name : session.student.name) ?? 'your partner';
  const link = session.video_call_link;
  const description = [`SkillSwap session: ${session.skill_name} with ${other}.`, link ? `Join: ${link}` : null].filter(Boolean).join('\n');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//SkillSwap//Sessions//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:session-${session.id}@${host}`,
    `DTSTAMP:${utcStamp(now)}`,
    `DTSTART:${utcStamp(session.scheduled_at)}`,
    `DTEND:${utcStamp(session.ends_at)}`,
    // A reschedule bumps the sequence so calendars replace the old entry rather than add one.
    `SEQUENCE:${Math.floor(Date.parse(session.updated_at) / 1000) % 2_000_000_000}`,
    `SUMMARY:${escapeText(`${session.skill_name} with ${other}`)}`,
    `DESCRIPTION:${escapeText(description)}`,
    ...(link ? [`LOCATION:${escapeText(link)}`, `URL:${link}`] : []),
    'STATUS:CONFIRMED',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
};

/** A file name the browser can save: the skill name reduced to safe characters. */
export const calendarFileName = (session: SessionView) =>
  `skillswap-${
    session.skill_name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'session'
  }-${session.session_date}.ics`;
