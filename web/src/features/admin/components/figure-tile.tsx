// One figure of the dashboard: its label, the number (or the reason there is none), a line under it, and
// how it compares with the same time yesterday.
import type { ReactNode } from 'react';
import type { Figure } from '@contracts/admin-stats';
import { Card } from '@/ui/card';
import { FigureChangeLine } from './figure-change';

export interface FigureTileProps {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  /** The figure compared with yesterday, when it has a yesterday. */
  change?: Figure;
  icon?: ReactNode;
  testId: string;
  children?: ReactNode;
}

export const FigureTile = ({ label, value, hint, change, icon, testId, children }: FigureTileProps) => (
  <Card className="flex min-w-0 gap-3 p-4" data-testid={testId}>
    {icon && <div className="h-fit rounded-lg bg-brand-50 p-2 text-brand-600 [&>svg]:h-5 [&>svg]:w-5">{icon}</div>}
    <div className="min-w-0 flex-1 space-y-0.5">
      <p className="text-xs font-medium text-slate-600">{label}</p>
      <p className="text-2xl font-bold text-slate-900 tabular-nums" data-testid={`${testId}-value`}>
        {value}
      </p>
      {hint && <div className="text-xs text-slate-600">{hint}</div>}
      {change && <FigureChangeLine figure={change} />}
      {children}
    </div>
  </Card>
);
