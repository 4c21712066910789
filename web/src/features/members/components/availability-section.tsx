import { CalendarClock, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import type { AvailabilityEntry } from '@contracts/members';
import { Button } from '@/ui/button';
import { Card, CardBody, CardHeader } from '@/ui/card';
import { Field, Input, Select } from '@/ui/input';
import { addAvailability, sortAvailability, weekDays } from '../profile-rules';
import { ScheduleSummary } from './schedule-summary';

export interface AvailabilitySectionProps {
  availability: readonly AvailabilityEntry[];
  timeZone: string;
  /** Present while the member edits their own profile. */
  onChange?: (availability: AvailabilityEntry[]) => void;
  emptyText?: string;
}

const AddEntryForm = ({ onAdd }: { onAdd: (entry: AvailabilityEntry) => void }) => {
  const [entry, setEntry] = useState<AvailabilityEntry>({ day: 'Monday', startTime: '09:00', endTime: '17:00' });
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!entry.startTime || !entry.endTime || entry.endTime <= entry.startTime) {
      setError('The end time must be after the start time');
      return;
    }
    setError(null);
    onAdd(entry);
  };
  return (
    <form onSubmit={submit} className="rounded-xl border border-dashed border-slate-300 p-4" aria-label="Add availability">
      <div className="grid grid-cols-2 gap-3">
        <Field label="Day" htmlFor="availability-day" className="col-span-2">
          <Select id="availability-day" value={entry.day} onChange={(e) => setEntry({ ...entry, day: e.target.value as AvailabilityEntry['day'] })}>
            {weekDays.map((day) => (
              <option key={day}>{day}</option>
            ))}
          </Select>
        </Field>
        <Field label="Start" htmlFor="availability-start">
          <Input id="availability-start" type="time" value={entry.startTime} onChange={(e) => setEntry({ ...entry, startTime: e.target.value })} />
        </Field>
        <Field label="End" htmlFor="availability-end">
          <Input id="availability-end" type="time" value={entry.endTime} onChange={(e) => setEntry({ ...entry, endTime: e.target.value })} />
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
    </form>
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
                    className="rounded-md p-1 text-slate-400 hover:bg-red-50 hover:text-red-600"
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
