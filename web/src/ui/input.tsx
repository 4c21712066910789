import clsx from 'clsx';
import type { ComponentProps, ReactNode } from 'react';

const control =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 ' +
  'focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none disabled:bg-slate-50 disabled:text-slate-500 ' +
  'aria-invalid:border-red-400 aria-invalid:ring-red-100';

// ComponentProps carries `ref`, so react-hook-form's register() can be spread onto each control.
export const Input = ({ className, ...rest }: ComponentProps<'input'>) => <input className={clsx(control, 'h-10', className)} {...rest} />;

export const Textarea = ({ className, ...rest }: ComponentProps<'textarea'>) => <textarea className={clsx(control, 'min-h-24 py-2', className)} {...rest} />;

// A native select: accessible, works with the keyboard and mobile pickers, and is enough for short lists.
export const Select = ({ className, children, ...rest }: ComponentProps<'select'>) => (
  <select className={clsx(control, 'h-10 pr-8', className)} {...rest}>
    {children}
  </select>
);

export interface FieldProps {
  label: string;
  htmlFor: string;
  hint?: ReactNode;
  error?: string | null;
  optional?: boolean;
  className?: string;
  children: ReactNode;
}

export const Field = ({ label, htmlFor, hint, error, optional, className, children }: FieldProps) => (
  <div className={clsx('space-y-1.5', className)}>
    <label htmlFor={htmlFor} className="block text-sm font-medium text-slate-700">
      {label}
      {optional && <span className="ml-1 font-normal text-slate-500">(optional)</span>}
    </label>
    {children}
    {error ? (
      <p role="alert" className="text-sm text-red-600">
        {error}
      </p>
    ) : (
      hint && <p className="text-xs text-slate-500">{hint}</p>
    )}
  </div>
);
