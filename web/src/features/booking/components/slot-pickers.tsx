import { ChevronLeft, ChevronRight } from 'lucide-react';
import { formatClock, formatDay } from '@/lib/session-format';
import { Button } from '@/ui/button';
import { Field, Select } from '@/ui/input';
import { SESSION_DURATIONS } from '@contracts/sessions';
import type { SessionDuration } from '@contracts/sessions';
import type { TimeOption } from '../booking-rules';
import { durationLabels, MONTH_OFFSET_MAX, MONTH_OFFSET_MIN, monthLabel } from '../booking-rules';

export const MonthNav = ({ offset, onChange, loading }: { offset: number; onChange: (offset: number) => void; loading?: boolean }) => (
  <div className="flex items-center justify-between rounded-xl bg-slate-50 px-1 py-1">
    <Button size="icon" variant="ghost" aria-label="Previous month" disabled={offset <= MONTH_OFFSET_MIN} onClick={() => onChange(offset - 1)}>
      <ChevronLeft className="h-5 w-5" />
    </Button>
    <p className="text-sm font-semibold text-slate-900" aria-live="polite" aria-busy={loading || undefined} data-testid="booking-month">
      {monthLabel(offset)}
    </p>
    <Button size="icon" variant="ghost" aria-label="Next month" disabled={offset >= MONTH_OFFSET_MAX} onClick={() => onChange(offset + 1)}>
      <ChevronRight className="h-5 w-5" />
    </Button>
  </div>
);

export interface SlotPickersProps {
  idPrefix: string;
  dates: string[];
  date: string;
  onDate: (date: string) => void;
  times: TimeOption[];
  time: string;
  onTime: (time: string) => void;
  duration: SessionDuration;
  onDuration: (duration: SessionDuration) => void;
  loading: boolean;
}

export const SlotPickers = ({ idPrefix, dates, date, onDate, times, time, onTime, duration, onDuration, loading }: SlotPickersProps) => (
  <div className="grid gap-4">
    <Field
      label="Date"
      htmlFor={`${idPrefix}-date`}
      hint={!loading && dates.length === 0 ? 'No free times this month. Try another month.' : `${dates.length} day${dates.length === 1 ? '' : 's'} with free times`}
    >
      <Select id={`${idPrefix}-date`} value={date} onChange={(e) => onDate(e.target.value)} disabled={loading || dates.length === 0} data-testid="booking-date">
        <option value="">{loading ? 'Loading free times...' : 'Select a date'}</option>
        {dates.map((d) => (
          <option key={d} value={d}>
            {formatDay(d)}
          </option>
        ))}
      </Select>
    </Field>
    <Field label="Time" htmlFor={`${idPrefix}-time`}>
      <Select id={`${idPrefix}-time`} value={time} onChange={(e) => onTime(e.target.value)} disabled={!date} data-testid="booking-time">
        <option value="">{date ? 'Select a time' : 'Pick a date first'}</option>
        {times.map((t) => (
          <option key={t.time} value={t.time} disabled={t.booked}>
            {formatClock(t.time)}
            {t.booked ? ' (booked)' : ''}
          </option>
        ))}
      </Select>
    </Field>
    <Field label="Duration" htmlFor={`${idPrefix}-duration`}>
      <Select id={`${idPrefix}-duration`} value={String(duration)} onChange={(e) => onDuration(Number(e.target.value) as SessionDuration)} data-testid="booking-duration">
        {SESSION_DURATIONS.map((d) => (
          <option key={d} value={String(d)}>
            {durationLabels[d]}
          </option>
        ))}
      </Select>
    </Field>
  </div>
);
