import * as DropdownPrimitive from '@radix-ui/react-dropdown-menu';
import clsx from 'clsx';
import type { ReactNode } from 'react';

export const Dropdown = DropdownPrimitive.Root;
export const DropdownTrigger = DropdownPrimitive.Trigger;

export const DropdownContent = ({
  children,
  className,
  align = 'end',
  onCloseAutoFocus,
  inPlace = false,
}: {
  children: ReactNode;
  className?: string;
  align?: 'start' | 'center' | 'end';
  /** Where focus goes once the menu closed (preventDefault keeps it from returning to the trigger). */
  onCloseAutoFocus?: (event: Event) => void;
  /** Rendered where the trigger is rather than at the end of the page, so it stays in the trigger's landmark. */
  inPlace?: boolean;
}) => {
  const content = (
    <DropdownPrimitive.Content
      align={align}
      sideOffset={8}
      onCloseAutoFocus={onCloseAutoFocus}
      className={clsx('z-50 min-w-56 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg', className)}
    >
      {children}
    </DropdownPrimitive.Content>
  );
  return inPlace ? content : <DropdownPrimitive.Portal>{content}</DropdownPrimitive.Portal>;
};

export interface DropdownItemProps {
  children: ReactNode;
  icon?: ReactNode;
  onSelect?: () => void;
  tone?: 'default' | 'danger';
  active?: boolean;
}

export const DropdownItem = ({ children, icon, onSelect, tone = 'default', active }: DropdownItemProps) => (
  <DropdownPrimitive.Item
    onSelect={onSelect}
    className={clsx(
      'flex cursor-pointer items-center gap-2.5 rounded-lg px-2.5 py-2 text-sm outline-none select-none',
      tone === 'danger' ? 'text-red-600 data-[highlighted]:bg-red-50' : 'text-slate-700 data-[highlighted]:bg-slate-100',
      active && 'bg-brand-50 font-medium text-brand-700',
    )}
  >
    {icon && <span className="text-slate-400 [&>svg]:h-4 [&>svg]:w-4">{icon}</span>}
    {children}
  </DropdownPrimitive.Item>
);

export const DropdownLabel = ({ children }: { children: ReactNode }) => <DropdownPrimitive.Label className="px-2.5 py-2">{children}</DropdownPrimitive.Label>;

export const DropdownSeparator = () => <DropdownPrimitive.Separator className="my-1 h-px bg-slate-100" />;
