import clsx from 'clsx';
import type { HTMLAttributes, ReactNode } from 'react';
import { X } from 'lucide-react';

export type ChipTone = 'neutral' | 'brand' | 'amber' | 'orange';

const tones: Record<ChipTone, string> = {
  neutral: 'bg-slate-100 text-slate-700',
  brand: 'bg-brand-50 text-brand-700',
  amber: 'bg-amber-50 text-amber-800 ring-1 ring-amber-200',
  orange: 'bg-orange-50 text-orange-700 ring-1 ring-orange-200',
};

export interface ChipProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: ChipTone;
  icon?: ReactNode;
  /** When given, the chip carries a remove button labelled with this text. */
  onRemove?: () => void;
  removeLabel?: string;
}

export const Chip = ({ tone = 'neutral', icon, onRemove, removeLabel, className, children, ...rest }: ChipProps) => (
  <span className={clsx('inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-medium', tones[tone], className)} {...rest}>
    {icon}
    {children}
    {onRemove && (
      <button
        type="button"
        onClick={onRemove}
        aria-label={removeLabel ?? 'Remove'}
        className="-mr-1 rounded-full p-0.5 text-current opacity-60 hover:bg-black/5 hover:opacity-100"
      >
        <X className="h-3.5 w-3.5" />
      </button>
    )}
  </span>
);
