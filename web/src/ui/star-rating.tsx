import clsx from 'clsx';
import { Star } from 'lucide-react';
import { useId } from 'react';

const starLabel = (n: number) => `${n} star${n === 1 ? '' : 's'}`;

/** Read-only stars, e.g. a rating already given. */
export const Stars = ({ value, size = 'sm' }: { value: number; size?: 'sm' | 'md' }) => (
  <span className="inline-flex items-center gap-0.5" role="img" aria-label={`${starLabel(Math.round(value))} out of 5`}>
    {[1, 2, 3, 4, 5].map((n) => (
      <Star key={n} className={clsx(size === 'sm' ? 'h-4 w-4' : 'h-6 w-6', n <= Math.round(value) ? 'fill-amber-400 text-amber-400' : 'text-slate-300')} />
    ))}
  </span>
);

export interface StarInputProps {
  value: number;
  onChange: (value: number) => void;
  label: string;
  disabled?: boolean;
}

/** 1 to 5 stars as a radio group: arrow keys move, each star is labelled. */
export const StarInput = ({ value, onChange, label, disabled }: StarInputProps) => {
  const name = useId();
  return (
    <fieldset className="flex items-center gap-1" disabled={disabled}>
      <legend className="sr-only">{label}</legend>
      {[1, 2, 3, 4, 5].map((n) => (
        <label key={n} className="cursor-pointer rounded-md p-0.5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-300">
          <input type="radio" name={name} value={n} checked={value === n} onChange={() => onChange(n)} className="sr-only" aria-label={starLabel(n)} />
          <Star className={clsx('h-7 w-7 transition-colors', n <= value ? 'fill-amber-400 text-amber-400' : 'text-slate-300 hover:text-amber-300')} />
        </label>
      ))}
    </fieldset>
  );
};
