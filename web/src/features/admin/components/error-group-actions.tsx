// Resolve, Ignore or Reopen a group with the admin's reason (react-hook-form with the contract's schema).
// Resolved and ignored groups offer Reopen; open and regressed ones Resolve and Ignore. A refusal (409:
// someone changed it first) is said in the form, in words.
import { zodResolver } from '@hookform/resolvers/zod';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { ERROR_REASON_MAX, errorGroupActionSchema, errorTexts, type ErrorGroupStatus } from '@contracts/admin-errors';
import { ApiError } from '@/lib/http';
import { Button } from '@/ui/button';
import { Field, Form, FormMessage } from '@/ui/form';
import { Textarea } from '@/ui/input';
import type { ErrorGroupAction } from '../api/errors-api';

export const actionsFor = (status: ErrorGroupStatus): ErrorGroupAction[] => (status === 'resolved' || status === 'ignored' ? ['reopen'] : ['resolve', 'ignore']);

const labels: Record<ErrorGroupAction, string> = { resolve: errorTexts.resolve, ignore: errorTexts.ignore, reopen: errorTexts.reopen };

export const actionFailureText = (error: unknown): string => {
  if (error instanceof ApiError && error.status === 409) return errorTexts.alreadyInStatus;
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  return 'The change was not saved: the server did not answer. Try again.';
};

export interface ErrorGroupActionsProps {
  status: ErrorGroupStatus;
  busy: boolean;
  onAct: (action: ErrorGroupAction, reason: string) => Promise<unknown>;
}

export const ErrorGroupActions = ({ status, busy, onAct }: ErrorGroupActionsProps) => {
  const form = useForm({ resolver: zodResolver(errorGroupActionSchema), defaultValues: { reason: '' } });
  const chosen = useRef<ErrorGroupAction>(actionsFor(status)[0]!);
  const submit = async ({ reason }: { reason: string }) => {
    await onAct(chosen.current, reason);
    form.reset({ reason: '' });
  };
  return (
    <Form form={form} onSubmit={submit} failureText={actionFailureText} messageSlot="none" className="space-y-3" data-testid="error-actions">
      <Field name="reason" label={errorTexts.reasonLabel} id="error-action-reason" max={ERROR_REASON_MAX}>
        {(control) => <Textarea {...control} rows={2} placeholder="e.g. fixed by the release of today" />}
      </Field>
      {/* Above the buttons: below them, at the foot of a long modal, a refusal went unseen. */}
      <FormMessage />
      <div className="flex flex-wrap gap-2">
        {actionsFor(status).map((action) => (
          <Button
            key={action}
            type="submit"
            variant={action === 'ignore' ? 'outline' : 'primary'}
            loading={busy && chosen.current === action}
            disabled={busy}
            onClick={() => (chosen.current = action)}
            data-action={action}
          >
            {labels[action]}
          </Button>
        ))}
      </div>
    </Form>
  );
};
