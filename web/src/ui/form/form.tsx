// The app's one form (issue 30 point 6): react-hook-form's provider, the submit handling every form
// repeated (validation, then the caller's action; a refusal or failure it throws becomes the form's own
// message), and one slot for that message, so a form says what went wrong the same way everywhere.
import clsx from 'clsx';
import type { ComponentProps, ReactNode } from 'react';
import { FormProvider, useFormState } from 'react-hook-form';
import type { FieldValues, SubmitErrorHandler, UseFormReturn } from 'react-hook-form';

export interface FormProps<TInput extends FieldValues, TOutput> extends Omit<ComponentProps<'form'>, 'onSubmit' | 'onInvalid' | 'children'> {
  form: UseFormReturn<TInput, unknown, TOutput>;
  /** Runs with the parsed values once the form is valid. */
  onSubmit: (values: TOutput) => Promise<unknown> | unknown;
  /** A submit these values make is ignored, not refused: nothing is checked or said (an empty comment, spec 001 §5). */
  ignore?: (values: TInput) => boolean;
  /** Runs instead when the schema refuses the values (e.g. a popup for a missing choice). */
  onInvalid?: SubmitErrorHandler<TInput>;
  /**
   * The form-level message for an error `onSubmit` throws (a server refusal, a lost connection). Without
   * it the error propagates, for forms that say failures elsewhere (a toast).
   */
  failureText?: (error: unknown) => string;
  /** A form-level notice shown in the message slot while there is no error (e.g. why it cannot be sent yet). */
  notice?: ReactNode;
  /** Where the message slot goes: after the fields (default), or nowhere when the form shows it itself. */
  messageSlot?: 'end' | 'none';
  children: ReactNode;
}

export const Form = <TInput extends FieldValues, TOutput>({
  form,
  onSubmit,
  onInvalid,
  ignore,
  failureText,
  notice,
  messageSlot = 'end',
  noValidate = true,
  children,
  ...rest
}: FormProps<TInput, TOutput>) => {
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      if (!failureText) throw error;
      form.setError('root', { message: failureText(error) });
    }
  }, onInvalid);
  return (
    <FormProvider {...form}>
      <form
        {...rest}
        noValidate={noValidate}
        onSubmit={(event) => {
          if (ignore?.(form.getValues())) event.preventDefault();
          else void submit(event);
        }}
      >
        {children}
        {messageSlot === 'end' && <FormMessage notice={notice} />}
      </form>
    </FormProvider>
  );
};

/** The form-level message: the root error set by a failed submit (or by the form itself), else the notice. */
export const FormMessage = ({ notice, className }: { notice?: ReactNode; className?: string }) => {
  const { errors } = useFormState();
  const error = errors.root?.message;
  if (error)
    return (
      <p role="alert" className={clsx('rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700', className)}>
        {error}
      </p>
    );
  return notice ? <p className={clsx('text-sm text-slate-600', className)}>{notice}</p> : null;
};
