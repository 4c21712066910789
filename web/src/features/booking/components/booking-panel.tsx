import { zodResolver } from '@hookform/resolvers/zod';
import { CalendarPlus, Globe2, Send } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { FieldErrors } from 'react-hook-form';
import type { CurrentUser, User } from '@contracts/members';
import { bookingFormDefaults, bookingFormSchema } from '@contracts/session-forms';
import type { BookingForm } from '@contracts/session-forms';
import { REQUEST_MESSAGE_MAX, sessionCost, sessionTexts } from '@contracts/sessions';
import type { Session } from '@contracts/sessions';
import { ApiError, errorText } from '@/lib/http';
import { toast } from '@/lib/toast-store';
import { Button } from '@/ui/button';
import { Card, CardBody, CardHeader } from '@/ui/card';
import { Field, Form } from '@/ui/form';
import { Select, Textarea } from '@/ui/input';
import { useAvailableSlots, useRequestSession } from '../api/booking-api';
import { datesWithSlots, isFree, SEND_FAILED, timesOn } from '../booking-rules';
import { BookingSummary } from './booking-summary';
import { SelectionRequiredPopup, SessionInitiatedPopup } from './booking-popups';
import { MonthNav, SlotPickers } from './slot-pickers';

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
  const greeting = (skillName: string) => (initialMessage ? initialMessage(skillName) : '');
  const firstSkill = mentor.skillsToTeach.find((s) => s.id === initialSkillId) ?? mentor.skillsToTeach[0];
  const form = useForm({
    resolver: zodResolver(bookingFormSchema),
    defaultValues: bookingFormDefaults(firstSkill?.id ?? '', firstSkill ? greeting(firstSkill.name) : ''),
  });
  const { setValue, getValues, reset, control } = form;
  const [skillId, date, time, duration] = useWatch({ control, name: ['skillId', 'date', 'time', 'duration'] });
  // The month browsed and the two popups are the panel's own state, not the request's.
  const [offset, setOffset] = useState(0);
  const [selectionMissing, setSelectionMissing] = useState(false);
  const [sent, setSent] = useState<Session | null>(null);
  // A skill removed meanwhile (live update) falls back to the one the panel was opened for, or the first.
  const skill = mentor.skillsToTeach.find((s) => s.id === skillId) ?? firstSkill;
  const slots = useAvailableSlots(mentor.id, duration, offset);
  const request = useRequestSession(viewer.id);
  const dates = datesWithSlots(slots.data);

  // A new month, duration or a booking elsewhere can take the chosen slot away.
  useEffect(() => {
    if (!slots.data || slots.isPlaceholderData) return;
    if (date && !dates.includes(date)) setValue('date', '');
    if (date && time && !isFree(slots.data, date, time)) setValue('time', '');
  }, [slots.data, slots.isPlaceholderData, date, time, dates, setValue]);

  const changeMonth = (next: number) => {
    setOffset(next);
    setValue('date', '');
    setValue('time', '');
  };
  const changeDate = (next: string) => {
    setValue('date', next);
    setValue('time', '');
  };

  if (!skill) return null;
  const cost = sessionCost(duration, skill.pointsPerHour);
  const short = viewer.points < cost;

  const submit = async (form: BookingForm) => {
    if (short || request.isPending) return;
    if (!isFree(slots.data, form.date, form.time)) {
      toast.error(sessionTexts.slotNotAvailable);
      return;
    }
    try {
      const session = await request.mutateAsync({
        instructor_id: mentor.id,
        skill_id: skill.id,
        session_date: form.date,
        session_time: form.time,
        duration: form.duration,
        student_message: form.message.trim(),
      });
      setSent(session);
      reset({ ...getValues(), date: '', time: '', message: greeting(skill.name) });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        toast.error(error.serverMessage ?? sessionTexts.slotTaken);
        setValue('time', '');
      } else if (error instanceof ApiError && error.status === 404) toast.error(sessionTexts.skillMissing);
      else toast.error(errorText(error, SEND_FAILED));
    }
  };
  // Spec 000 §5: a missing date or time is answered by the 'SELECTION REQUIRED' popup.
  const invalid = (errors: FieldErrors<BookingForm>) => {
    if (errors.date || errors.time) setSelectionMissing(true);
  };

  return (
    <Card data-testid="booking-panel">
      <CardHeader
        icon={<CalendarPlus className="h-5 w-5" />}
        title="Request Session"
        description={`Book time with ${mentor.name}; ${skill.pointsPerHour} point${skill.pointsPerHour === 1 ? '' : 's'} per hour.`}
      />
      <CardBody>
        <Form form={form} onSubmit={submit} onInvalid={invalid} messageSlot="none" className="space-y-4">
          {allowSkillChange && mentor.skillsToTeach.length > 1 && (
            <Field name="skillId" label="Skill" id={`${id}-skill`}>
              {(field) => (
                <Select {...field} data-testid="booking-skill">
                  {mentor.skillsToTeach.map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.name} ({s.pointsPerHour}/h)
                    </option>
                  ))}
                </Select>
              )}
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
            onTime={(next) => setValue('time', next)}
            duration={duration}
            onDuration={(next) => setValue('duration', next)}
            loading={slots.isPending}
          />
          <Field name="message" label="Message" id={`${id}-message`} optional max={REQUEST_MESSAGE_MAX}>
            {(field) => <Textarea {...field} rows={3} placeholder="What would you like to learn or focus on?" data-testid="booking-message" />}
          </Field>
          <BookingSummary skill={skill} mentorName={mentor.name} date={date} time={time} duration={duration} cost={cost} balance={viewer.points} />
          <Button type="submit" size="lg" className="w-full" disabled={short} loading={request.isPending} data-testid="send-request">
            {!request.isPending && <Send className="h-4 w-4" />} Send Request
          </Button>
          <p className="flex items-center justify-center gap-1.5 text-xs text-slate-500">
            <Globe2 className="h-3.5 w-3.5" /> Times are shown in your time zone ({viewer.timeZone}).
          </p>
        </Form>
      </CardBody>
      <SelectionRequiredPopup open={selectionMissing} onOpenChange={setSelectionMissing} />
      <SessionInitiatedPopup session={sent} onClose={() => setSent(null)} />
    </Card>
  );
};
