import clsx from 'clsx';
import { DayPicker } from 'react-day-picker';
import type { DayButtonProps } from 'react-day-picker';
import type { SlotKind } from '../session-rules';
import { CALENDAR_HOURS, slotId } from '../session-rules';
import { dateAsDay, dayAsDate, formatDayName, formatWeekday } from '@/lib/dates';
import { formatClock } from '@/lib/session-format';

const kindStyles: Record<SlotKind, string> = {
  mutual: 'bg-emerald-700 text-white hover:bg-emerald-800',
  mine: 'bg-brand-100 text-brand-800 hover:bg-brand-200',
  theirs: 'bg-amber-100 text-amber-900 hover:bg-amber-200',
  neither: 'bg-slate-100 text-slate-400 cursor-not-allowed',
};
const dotStyles: Record<SlotKind, string> = { mutual: 'bg-emerald-700', mine: 'bg-brand-400', theirs: 'bg-amber-400', neither: 'bg-slate-300' };

export const kindText = (kind: SlotKind, otherName: string): string =>
  ({ mutual: 'You are both free', mine: 'Only you are free', theirs: `Only ${otherName} is free`, neither: 'Neither of you is free' })[kind];

export const AvailabilityLegend = ({ otherName }: { otherName: string }) => (
  <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600" aria-label="Legend">
    {(['mutual', 'mine', 'theirs', 'neither'] as const).map((kind) => (
      <li key={kind} className="flex items-center gap-1.5">
        <span className={clsx('h-2.5 w-2.5 rounded-full', dotStyles[kind])} />
        {{ mutual: 'Mutual', mine: 'Only mine', theirs: `Only ${otherName}'s`, neither: 'Neither' }[kind]}
      </li>
    ))}
  </ul>
);

export interface MonthGridProps {
  year: number;
  month: number; // 1-12
  kinds: Map<string, SlotKind>;
  selectedDate: string | null;
  onSelectDate: (date: string) => void;
}

const bestKind = (kinds: Map<string, SlotKind>, date: string): SlotKind => {
  const found = CALENDAR_HOURS.map((t) => kinds.get(slotId(date, t)) ?? 'neither');
  if (found.includes('mutual')) return 'mutual';
  if (found.includes('theirs')) return 'theirs';
  if (found.includes('mine')) return 'mine';
  return 'neither';
};

// A day's number with a dot in its best kind's colour; react-day-picker gives the button its label,
// focus (one tab stop, arrow keys) and disabled state.
const DayWithDot = ({ day, modifiers, className, children, ...button }: DayButtonProps) => {
  const kind = (['mutual', 'theirs', 'mine'] as const).find((k) => modifiers[k]);
  return (
    <button
      {...button}
      className={clsx(
        className,
        'flex h-10 w-full flex-col items-center justify-center gap-0.5 rounded-lg text-sm tabular-nums transition-colors disabled:cursor-not-allowed disabled:text-slate-300',
        modifiers.selected ? 'bg-slate-900 font-semibold text-white' : 'text-slate-700 hover:bg-slate-100',
      )}
    >
      {children}
      <span className={clsx('h-1.5 w-1.5 rounded-full', kind ? dotStyles[kind] : 'bg-transparent')} />
    </button>
  );
};

/** The month's days on react-day-picker (the month is changed by the dialog's own buttons above it). */
export const MonthGrid = ({ year, month, kinds, selectedDate, onSelectDate }: MonthGridProps) => {
  const kindOf = (date: Date) => bestKind(kinds, dateAsDay(date));
  return (
    <DayPicker
      mode="single"
      timeZone="UTC"
      month={dayAsDate(`${year}-${month}-1`)}
      weekStartsOn={1}
      hideNavigation
      selected={selectedDate ? dayAsDate(selectedDate) : undefined}
      onDayClick={(date, modifiers) => !modifiers.disabled && onSelectDate(dateAsDay(date))}
      disabled={(date) => kindOf(date) === 'neither'}
      modifiers={{ mutual: (date) => kindOf(date) === 'mutual', theirs: (date) => kindOf(date) === 'theirs', mine: (date) => kindOf(date) === 'mine' }}
      formatters={{ formatWeekdayName: formatWeekday }}
      labels={{
        labelDayButton: (date, modifiers) => `${formatDayName(dateAsDay(date))}${modifiers.disabled ? ', no free times' : ''}`,
        labelGrid: () => 'Days of the month',
      }}
      components={{ DayButton: DayWithDot }}
      classNames={{
        root: 'w-full',
        months: 'w-full',
        month: 'w-full',
        month_caption: 'sr-only',
        month_grid: 'w-full table-fixed border-separate border-spacing-1 text-center',
        weekday: 'pb-1 text-[11px] font-medium tracking-wide text-slate-500 uppercase',
        day: 'p-0',
      }}
    />
  );
};

export interface HourSlotsProps {
  date: string;
  kinds: Map<string, SlotKind>;
  selectedTime: string | null;
  otherName: string;
  onSelect: (time: string, kind: SlotKind) => void;
  /** Which free cells may be proposed (the mentor's); the others show but cannot be chosen. */
  pickable: (kind: SlotKind) => boolean;
}

/** 9:00 to 18:00; only cells where at least one of the two is free can be chosen (spec 000 §5). */
export const HourSlots = ({ date, kinds, selectedTime, otherName, onSelect, pickable }: HourSlotsProps) => (
  <div className="grid grid-cols-2 gap-2 sm:grid-cols-5" role="group" aria-label="Times">
    {CALENDAR_HOURS.map((time) => {
      const kind = kinds.get(slotId(date, time)) ?? 'neither';
      const selected = selectedTime === time;
      const open = kind !== 'neither' && pickable(kind);
      const text = open || kind === 'neither' ? kindText(kind, otherName) : `${kindText(kind, otherName)}, not a time the mentor offers`;
      return (
        <button
          key={time}
          type="button"
          aria-pressed={selected}
          aria-disabled={!open || undefined}
          aria-label={`${formatClock(time)}: ${text}`}
          title={text}
          data-kind={kind}
          onClick={() => open && onSelect(time, kind)}
          className={clsx(
            'rounded-lg px-2 py-2 text-sm font-medium tabular-nums transition-colors',
            kindStyles[kind],
            !open && kind !== 'neither' && 'cursor-not-allowed line-through',
            selected && 'ring-2 ring-slate-900 ring-offset-2',
          )}
        >
          {formatClock(time)}
        </button>
      );
    })}
  </div>
);
