import * as TabsPrimitive from '@radix-ui/react-tabs';
import clsx from 'clsx';
import type { ReactNode } from 'react';

export const Tabs = TabsPrimitive.Root;
export const TabsContent = TabsPrimitive.Content;

export const TabsList = ({ children, label }: { children: ReactNode; label: string }) => (
  <TabsPrimitive.List aria-label={label} className="flex gap-1 overflow-x-auto rounded-xl bg-slate-100 p-1">
    {children}
  </TabsPrimitive.List>
);

export const TabsTrigger = ({ value, children, count, ...rest }: { value: string; children: ReactNode; count?: number | null } & Record<`data-${string}`, string>) => (
  <TabsPrimitive.Trigger
    value={value}
    className={clsx(
      'group flex min-w-0 flex-1 flex-col items-center justify-center gap-1 rounded-lg px-2 py-1.5 text-sm sm:flex-row sm:gap-2 sm:px-3 sm:py-2 font-medium whitespace-nowrap text-slate-600 transition-colors outline-none',
      'hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-300 data-[state=active]:bg-white data-[state=active]:text-brand-700 data-[state=active]:shadow-sm',
    )}
    {...rest}
  >
    {children}
    {count !== undefined && count !== null && (
      <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs tabular-nums text-slate-700 group-data-[state=active]:bg-brand-100 group-data-[state=active]:text-brand-700">
        {count}
      </span>
    )}
  </TabsPrimitive.Trigger>
);
