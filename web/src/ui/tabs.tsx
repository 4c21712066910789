import * as TabsPrimitive from '@radix-ui/react-tabs';
import clsx from 'clsx';
import { createContext, useContext, useId } from 'react';
import type { ReactNode } from 'react';

// Radix gives the tab list its roles, roving focus and keys; the panels are drawn here. Radix's own
// panel (TabsContent) mounts through its Presence, which reads the panel's computed animation name as it
// mounts: a style recalculation of the whole page in the middle of React's commit, the dashboard's
// longest task (issue 19, Lighthouse on the dashboard). The ids tie triggers and panels as Radix does.
interface TabsState {
  baseId: string;
  value: string;
}
const TabsContext = createContext<TabsState | null>(null);
const useTabs = () => {
  const state = useContext(TabsContext);
  if (!state) throw new Error('Tabs parts must be inside <Tabs>');
  return state;
};
const triggerId = ({ baseId }: TabsState, value: string) => `${baseId}-trigger-${value}`;
const panelId = ({ baseId }: TabsState, value: string) => `${baseId}-content-${value}`;

export const Tabs = ({ value, onValueChange, children }: { value: string; onValueChange: (value: string) => void; children: ReactNode }) => {
  const baseId = useId();
  return (
    <TabsContext.Provider value={{ baseId, value }}>
      <TabsPrimitive.Root value={value} onValueChange={onValueChange}>
        {children}
      </TabsPrimitive.Root>
    </TabsContext.Provider>
  );
};

/** The selected tab's panel; the others stay in the page, hidden and empty, as Radix leaves them. */
export const TabsContent = ({ value, className, children }: { value: string; className?: string; children: ReactNode }) => {
  const tabs = useTabs();
  const selected = tabs.value === value;
  return (
    <div
      role="tabpanel"
      id={panelId(tabs, value)}
      aria-labelledby={triggerId(tabs, value)}
      data-state={selected ? 'active' : 'inactive'}
      hidden={!selected}
      tabIndex={0}
      className={className}
    >
      {selected && children}
    </div>
  );
};

export const TabsList = ({ children, label }: { children: ReactNode; label: string }) => (
  <TabsPrimitive.List aria-label={label} className="flex gap-1 overflow-x-auto rounded-xl bg-slate-100 p-1">
    {children}
  </TabsPrimitive.List>
);

/**
 * `fit`: the tab keeps its label's width and the list scrolls sideways when they do not all fit (many tabs
 * on a phone); by default the tabs share the list's width.
 */
export const TabsTrigger = ({
  value,
  children,
  count,
  fit = false,
  ...rest
}: { value: string; children: ReactNode; count?: number | null; fit?: boolean } & Record<`data-${string}`, string>) => {
  const tabs = useTabs();
  return (
    <TabsPrimitive.Trigger
      value={value}
      id={triggerId(tabs, value)}
      aria-controls={panelId(tabs, value)}
      className={clsx(
        fit ? 'shrink-0' : 'min-w-0 flex-1',
        'group flex flex-col items-center justify-center gap-1 rounded-lg px-2 py-1.5 text-sm sm:flex-row sm:gap-2 sm:px-3 sm:py-2 font-medium whitespace-nowrap text-slate-600 transition-colors outline-none',
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
};
