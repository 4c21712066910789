// A field of a ui/form Form: label, control, description and error message, tied together for assistive
// technology (aria-describedby, aria-invalid), and a character count where the contract sets a limit.
// The control is a render prop so any input (Input, Textarea, Select, a controlled widget) gets the
// same wiring and react-hook-form's registration.
import clsx from 'clsx';
import { useId } from 'react';
import type { ReactNode } from 'react';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import type { FieldPath, FieldValues, RegisterOptions, UseFormRegisterReturn } from 'react-hook-form';
import { CharCount } from '../char-count';

export interface FieldControlProps<TName extends string = string> extends UseFormRegisterReturn<TName> {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
  maxLength: number | undefined;
}

export interface FieldProps<TValues extends FieldValues, TName extends FieldPath<TValues>> {
  name: TName;
  label: ReactNode;
  /** The control's id (for tests and labels elsewhere); made up when not given. */
  id?: string;
  description?: ReactNode;
  optional?: boolean;
  /** The label is for assistive technology only (a one-field form whose placeholder and button say enough). */
  labelHidden?: boolean;
  /** The contract's length limit: the control gets maxLength and a live 'n/max' count. */
  max?: number;
  /** What register() takes besides validation, which the schema does (e.g. `{ valueAsNumber: true }`). */
  rules?: RegisterOptions<TValues, TName>;
  /** Hide the field's own error text (a form that says missing fields once, in its message slot). */
  error?: (message: string | undefined) => string | undefined;
  className?: string;
  children: (control: FieldControlProps<TName>) => ReactNode;
}

const Count = ({ name, max, id }: { name: string; max: number; id: string }) => {
  const value: unknown = useWatch({ name });
  return <CharCount id={id} length={typeof value === 'string' ? value.length : 0} max={max} />;
};

export const Field = <TValues extends FieldValues, TName extends FieldPath<TValues>>({
  name,
  label,
  id,
  description,
  optional,
  labelHidden,
  max,
  error,
  rules,
  className,
  children,
}: FieldProps<TValues, TName>) => {
  const made = useId();
  const controlId = id ?? `field-${made}`;
  const { register } = useFormContext<TValues>();
  const { errors } = useFormState<TValues>({ name });
  const raw = name.split('.').reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], errors) as { message?: string } | undefined;
  const message = error ? error(raw?.message) : raw?.message;
  const ids = { description: `${controlId}-description`, error: `${controlId}-error`, count: `${controlId}-count` };
  const describedBy = [message ? ids.error : description ? ids.description : null, max ? ids.count : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className={clsx('space-y-1.5', className)}>
      <label htmlFor={controlId} className={labelHidden ? 'sr-only' : 'block text-sm font-medium text-slate-700'}>
        {label}
        {optional && <span className="ml-1 font-normal text-slate-500">(optional)</span>}
      </label>
      {children({ ...register(name, rules), id: controlId, 'aria-invalid': raw ? true : undefined, 'aria-describedby': describedBy, maxLength: max })}
      {message ? (
        <p id={ids.error} role="alert" className="text-sm text-red-600">
          {message}
        </p>
      ) : (
        description && (
          <p id={ids.description} className="text-xs text-slate-500">
            {description}
          </p>
        )
      )}
      {max !== undefined && <Count name={name} max={max} id={ids.count} />}
    </div>
  );
};
