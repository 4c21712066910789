import * as DialogPrimitive from '@radix-ui/react-dialog';
import clsx from 'clsx';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** Dialogs such as the welcome tour cannot be dismissed by clicking outside or with a close button. */
  dismissible?: boolean;
}

const widths = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl' } as const;

export const Dialog = ({ open, onOpenChange, title, description, children, footer, size = 'md', dismissible = true }: DialogProps) => (
  <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-slate-900/40 backdrop-blur-[2px]" />
      <DialogPrimitive.Content
        onPointerDownOutside={dismissible ? undefined : (event) => event.preventDefault()}
        // An Escape meant for a list open inside (a text box's suggestions, data-popup-open) closes only that list:
        // Radix hears the key on the document before the text box does.
        onEscapeKeyDown={(event) => {
          if (!dismissible || (event.target instanceof HTMLElement && event.target.closest('[data-popup-open]'))) event.preventDefault();
        }}
        // Radix focuses the first control (the close button) on open; a dialog that names its first focus
        // (data-autofocus: a confirmation's safe answer) gets it instead. React's autoFocus loses that race.
        onOpenAutoFocus={(event) => {
          const named = (event.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>('[data-autofocus]');
          if (!named) return;
          event.preventDefault();
          named.focus();
        }}
        {...(description ? {} : { 'aria-describedby': undefined })}
        className={clsx(
          'fixed top-1/2 left-1/2 z-50 flex max-h-[90vh] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl bg-white shadow-xl focus:outline-none',
          widths[size],
        )}
      >
        <div className="flex items-start justify-between gap-4 border-b border-slate-100 px-6 pt-5 pb-4">
          <div>
            <DialogPrimitive.Title className="text-lg font-semibold text-slate-900">{title}</DialogPrimitive.Title>
            {description && <DialogPrimitive.Description className="mt-1 text-sm text-slate-500">{description}</DialogPrimitive.Description>}
          </div>
          {dismissible && (
            <DialogPrimitive.Close className="rounded-full p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-600" aria-label="Close">
              <X className="h-5 w-5" />
            </DialogPrimitive.Close>
          )}
        </div>
        {/* A question alone (a confirmation) has no body: an empty padded band would sit above the buttons. */}
        {children ? <div className="overflow-y-auto px-6 py-5">{children}</div> : null}
        {footer && <div className="flex justify-end gap-2 border-t border-slate-100 px-6 py-4">{footer}</div>}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  </DialogPrimitive.Root>
);
