import { CalendarPlus, Globe2, Send } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import type { FormEvent } from 'react';
import type { CurrentUser, User } from '@contracts/members';
import type { Session } from '@contracts/sessions';
import { ApiError, errorText } from '@/lib/http';
import { toast } from '@/lib/toast-store';
import { Button } from '@/ui/button';
import { Card, CardBody, CardHeader } from '@/ui/card';
import { CharCount } from '@/ui/char-count';
import { Field, Select, Textarea } from '@/ui/input';
import { useAvailableSlots, useRequestSession } from '../api/booking-api';
import type { Duration } from '../booking-rules';
import { costOf, datesWithSlots, DEFAULT_DURATION, isFree, MESSAGE_MAX, NOT_FOUND, SEND_FAILED, SLOT_TAKEN, timesOn } from '../booking-rules';
import { BookingSummary } from './booking-summary';
import { SelectionRequiredPopup, SessionInitiatedPopup } from './booking-popups';
import { MonthNav, SlotPickers } from './slot-pickers';

const SLOT_NOT_AVAILABLE = 'This time slot is not available. Please select a time when the mentor is available.';

export interface BookingPanelProps {
  viewer: CurrentUser;
  mentor: User;
  /** The skill to book; on a profile the member can switch between the mentor's skills. */
  skillId: string;
  allowSkillChange?: boolean;
  /** The message the form starts with (the profile's greeting); empty on the booking page. */
  initialMessage?: (skillName: string) => string;
}

export const BookingPanel = ({ viewer, mentor, skillId: initialSkillId, allowSkillChange, initialMessage }: BookingPanelProps) => {
  const id = useId();
  const [skillId, setSkillId] = useState(initialSkillId);
  const [offset, setOffset] = useState(0);
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [duration, setDuration] = useState<Duration>(DEFAULT_DURATION);
  const [selectionMissing, setSelectionMissing] = useState(false);
  const [sent, setSent] = useState<Session | null>(null);
  const skill = mentor.skillsToTeach.find((s) => s.id === skillId) ?? mentor.skillsToTeach[0];
  const [message, setMessage] = useState(() => (skill && initialMessage ? initialMessage(skill.name) : ''));
  const slots = useAvailableSlots(mentor.id, duration, offset);
  const request = useRequestSession(viewer.id);
  const dates = datesWithSlots(slots.data);

  useEffect(() => setSkillId(initialSkillId), [initialSkillId]);

  // A new month, duration or a booking elsewhere can take the chosen slot away.
  useEffect(() => {
    if (!slots.data || slots.isPlaceholderData) return;
    if (date && !dates.includes(date)) setDate('');
    if (date && time && !isFree(slots.data, date, time)) setTime('');
  }, [slots.data, slots.isPlaceholderData, date, time, dates]);

  const changeMonth = (next: number) => {
    setOffset(next);
    setDate('');
    setTime('');
  };
  const changeDate = (next: string) => {
    setDate(next);
    setTime('');
  };

  if (!skill) return null;
  const cost = costOf(duration, skill.pointsPerHour);
  const short = viewer.points < cost;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!date || !time) {
      setSelectionMissing(true);
      return;
    }
    if (short || request.isPending) return;
    if (!isFree(slots.data, date, time)) {
      toast.error(SLOT_NOT_AVAILABLE);
      return;
    }
    try {
      const session = await request.mutateAsync({ instructor_id: mentor.id, skill_id: skill.id, session_date: date, session_time: time, duration, student_message: message.trim() });
      setSent(session);
      setDate('');
      setTime('');
      setMessage(initialMessage ? initialMessage(skill.name) : '');
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        toast.error(error.serverMessage ?? SLOT_TAKEN);
        setTime('');
      } else if (error instanceof ApiError && error.status === 404) toast.error(NOT_FOUND);
      else toast.error(errorText(error, SEND_FAILED));
    }
  };

  return (
    <Card data-testid="booking-panel">
      <CardHeader icon={<CalendarPlus className="h-5 w-5" />} title="Request Session" description={`Book time with ${mentor.name}; ${skill.pointsPerHour} point${skill.pointsPerHour === 1 ? '' : 's'} per hour.`} />
      <CardBody>
        <form onSubmit={submit} noValidate className="space-y-4">
          {allowSkillChange && mentor.skillsToTeach.length > 1 && (
            <Field label="Skill" htmlFor={`${id}-skill`}>
              <Select id={`${id}-skill`} value={skill.id} onChange={(e) => setSkillId(e.target.value)} data-testid="booking-skill">
                {mentor.skillsToTeach.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name} ({s.pointsPerHour}/h)
                  </option>
                ))}
              </Select>
            </Field>
          )}
          <MonthNav offset={offset} onChange={changeMonth} loading={slots.isFetching} />
          <SlotPickers
            idPrefix={id}
            dates={dates}
            date={date}
            onDate={changeDate}
            times={timesOn(slots.data, date)}
            time={time}
            onTime={setTime}
            duration={duration}
            onDuration={setDuration}
            loading={slots.isPending}
          />
          <Field label="Message" htmlFor={`${id}-message`} optional>
            <Textarea id={`${id}-message`} rows={3} maxLength={MESSAGE_MAX} value={message} onChange={(e) => setMessage(e.target.value)} placeholder="What would you like to learn or focus on?" data-testid="booking-message" />
          </Field>
          <CharCount length={message.length} max={MESSAGE_MAX} />
          <BookingSummary skill={skill} mentorName={mentor.name} date={date} time={time} duration={duration} cost={cost} balance={viewer.points} />
          <Button type="submit" size="lg" className="w-full" disabled={short} loading={request.isPending} data-testid="send-request">
            {!request.isPending && <Send className="h-4 w-4" />} Send Request
          </Button>
          <p className="flex items-center justify-center gap-1.5 text-xs text-slate-500">
            <Globe2 className="h-3.5 w-3.5" /> Times are shown in your time zone ({viewer.timeZone}).
          </p>
        </form>
      </CardBody>
      <SelectionRequiredPopup open={selectionMissing} onOpenChange={setSelectionMissing} />
      <SessionInitiatedPopup session={sent} onClose={() => setSent(null)} />
    </Card>
  );
};
