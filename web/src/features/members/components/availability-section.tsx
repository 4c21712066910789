import { zodResolver } from '@hookform/resolvers/zod';
import { CalendarClock, Plus, Trash2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { availabilityEntryFormSchema, weekDays } from '@contracts/members';
import type { AvailabilityEntry } from '@contracts/members';
import { Button } from '@/ui/button';
import { Card, CardBody, CardHeader } from '@/ui/card';
import { Field, Form } from '@/ui/form';
import { Input, Select } from '@/ui/input';
import { addAvailability, sortAvailability } from '../profile-rules';
import { ScheduleSummary } from './schedule-summary';

export interface AvailabilitySectionProps {
  availability: readonly AvailabilityEntry[];
  timeZone: string;
  /** Present while the member edits their own profile. */
  onChange?: (availability: AvailabilityEntry[]) => void;
  emptyText?: string;
}

/** The entry's problem is said once, under the form (end before start is the usual one). */
const once = (): undefined => undefined;

const firstEntry: AvailabilityEntry = { day: 'Monday', startTime: '09:00', endTime: '17:00' };

// The entry stays in the form after it is added, so the next day is one change away.
const AddEntryForm = ({ onAdd }: { onAdd: (entry: AvailabilityEntry) => void }) => {
  const form = useForm({ resolver: zodResolver(availabilityEntryFormSchema), defaultValues: firstEntry });
  const { errors } = form.formState;
  const error = errors.endTime?.message ?? errors.startTime?.message ?? errors.day?.message;
  return (
    <Form
      form={form}
      onSubmit={onAdd}
      noValidate={false}
      messageSlot="none"
      className="rounded-xl border border-dashed border-slate-300 p-4"
      aria-label="Add availability"
    >
      <div className="grid grid-cols-2 gap-3">
        <Field name="day" label="Day" id="availability-day" className="col-span-2" error={once}>
          {(field) => (
            <Select {...field}>
              {weekDays.map((day) => (
                <option key={day}>{day}</option>
              ))}
            </Select>
          )}
        </Field>
        <Field name="startTime" label="Start" id="availability-start" error={once}>
          {(field) => <Input {...field} type="time" />}
        </Field>
        <Field name="endTime" label="End" id="availability-end" error={once}>
          {(field) => <Input {...field} type="time" />}
        </Field>
        <Button type="submit" variant="outline" className="col-span-2">
          <Plus className="h-4 w-4" /> Add time slot
        </Button>
      </div>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-600">
          {error}
        </p>
      )}
    </Form>
  );
};

export const AvailabilitySection = ({ availability, timeZone, onChange, emptyText = 'No availability listed yet.' }: AvailabilitySectionProps) => {
  const sorted = sortAvailability(availability);
  return (
    <Card>
      <CardHeader icon={<CalendarClock className="h-5 w-5" />} title="Weekly availability" description={`Times in ${timeZone.replaceAll('_', ' ')}`} />
      <CardBody className="space-y-4">
        <ScheduleSummary availability={availability} />
        {sorted.length === 0 ? (
          <p className="text-sm text-slate-500">{onChange ? 'Add the times when members can book you.' : emptyText}</p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200" data-testid="availability-list">
            {sorted.map((entry) => (
              <li key={`${entry.day}-${entry.startTime}`} className="flex items-center justify-between gap-3 px-4 py-2.5 text-sm">
                <span className="font-medium text-slate-800">{entry.day}</span>
                <span className="ml-auto text-slate-600 tabular-nums">
                  {entry.startTime} – {entry.endTime}
                </span>
                {onChange && (
                  <button
                    type="button"
                    className="rounded-md p-1 text-slate-500 hover:bg-red-50 hover:text-red-600"
                    aria-label={`Remove ${entry.day} ${entry.startTime}`}
                    onClick={() => onChange(availability.filter((e) => !(e.day === entry.day && e.startTime === entry.startTime)))}
                  >
                    <Trash2 className="h-4 w-4" />
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
        {onChange && <AddEntryForm onAdd={(entry) => onChange(addAvailability(availability, entry))} />}
      </CardBody>
    </Card>
  );
};
