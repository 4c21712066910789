// 'vs the same time yesterday' for every dashboard figure (issue 31 point 3): the change as a count and a
// %, from the figure's value now and 24 hours before the server's asOf. Nothing yesterday has no % (a
// change from 0 is no percentage), so it says so rather than showing Infinity.
import clsx from 'clsx';
import { ArrowDownRight, ArrowRight, ArrowUpRight } from 'lucide-react';
import type { Figure } from '@contracts/admin-stats';

const counts = new Intl.NumberFormat('en-US', { signDisplay: 'exceptZero' });
const percents = new Intl.NumberFormat('en-US', { signDisplay: 'exceptZero', maximumFractionDigits: 1 });
const plain = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

export const formatCount = (value: number) => plain.format(value);
/** A share in per cent (0-100) with at most one decimal. */
export const formatPercent = (value: number) => `${plain.format(value)}%`;
/** `part` of `whole` in per cent; 0 when there is no whole. */
export const percentOf = (part: number, whole: number) => (whole > 0 ? (part / whole) * 100 : 0);

export interface FigureChange {
  delta: number;
  /** null when yesterday's value was 0 and today's is not: no percentage exists. */
  percent: number | null;
  direction: 'up' | 'down' | 'same';
  text: string;
}

export const figureChange = ({ value, yesterday }: Figure): FigureChange => {
  const delta = value - yesterday;
  const direction = delta > 0 ? 'up' : delta < 0 ? 'down' : 'same';
  if (delta === 0) return { delta, percent: 0, direction, text: 'No change vs the same time yesterday' };
  if (yesterday === 0) return { delta, percent: null, direction, text: `${counts.format(delta)} vs none at the same time yesterday` };
  const percent = (delta / yesterday) * 100;
  return { delta, percent, direction, text: `${counts.format(delta)} (${percents.format(percent)}%) vs the same time yesterday` };
};

const icons = { up: ArrowUpRight, down: ArrowDownRight, same: ArrowRight } as const;
const tones = { up: 'text-emerald-700', down: 'text-red-700', same: 'text-slate-600' } as const;

export const FigureChangeLine = ({ figure, className }: { figure: Figure; className?: string }) => {
  const change = figureChange(figure);
  const Icon = icons[change.direction];
  return (
    <p className={clsx('flex items-start gap-1 text-xs', tones[change.direction], className)} data-testid="figure-change">
      <Icon className="mt-px h-3.5 w-3.5 shrink-0" aria-hidden />
      <span>{change.text}</span>
    </p>
  );
};
