import * as PopoverPrimitive from '@radix-ui/react-popover';
import clsx from 'clsx';
import type { ReactNode } from 'react';

export const Popover = PopoverPrimitive.Root;
export const PopoverTrigger = PopoverPrimitive.Trigger;
export const PopoverClose = PopoverPrimitive.Close;

export interface PopoverContentProps {
  children: ReactNode;
  /** Names the panel for screen readers. */
  label: string;
  align?: 'start' | 'center' | 'end';
  width?: 'sm' | 'md';
}

const widths = { sm: 'w-72', md: 'w-[min(24rem,calc(100vw-1rem))]' } as const;

export const PopoverContent = ({ children, label, align = 'end', width = 'md' }: PopoverContentProps) => (
  <PopoverPrimitive.Portal>
    <PopoverPrimitive.Content
      align={align}
      sideOffset={8}
      collisionPadding={8}
      aria-label={label}
      className={clsx('z-50 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-lg outline-none', widths[width])}
    >
      {children}
    </PopoverPrimitive.Content>
  </PopoverPrimitive.Portal>
);
