import { AlertTriangle, Sparkles } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { proposalFormSchema } from '@contracts/session-forms';
import type { ProposalForm } from '@contracts/session-forms';
import { RESCHEDULE_MESSAGE_MAX } from '@contracts/sessions';
import type { Session } from '@contracts/sessions';
import { formatClock, formatDay, monthOffsetOfDate } from '@/lib/session-format';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { Field, Form } from '@/ui/form';
import { Select, Textarea } from '@/ui/input';
import { Notice } from '@/ui/notice';
import { useModifications, useMutualAvailability, useRescheduleSlots } from '../api/session-queries';
import { offeredSuggestions, proposalBlockedText, proposalChoices, smartSuggestions } from '../session-rules';

export interface ProposeModificationDialogProps {
  session: Session;
  viewerId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  onPropose: (proposal: { date: string; time: string; message: string }) => Promise<boolean>;
}

const empty: ProposalForm = { date: '', time: '', message: '' };

/** The fields' problems are said once, in the line under the form (the first of date, time, message). */
const once = (): undefined => undefined;

export const ProposeModificationDialog = ({ session, viewerId, open, onOpenChange, busy, onPropose }: ProposeModificationDialogProps) => {
  const form = useForm({ resolver: zodResolver(proposalFormSchema), defaultValues: empty });
  const { setValue, reset, control, formState } = form;
  const [date, time] = useWatch({ control, name: ['date', 'time'] });
  const error = formState.errors.date?.message ?? formState.errors.time?.message ?? formState.errors.message?.message;
  const modifications = useModifications(session.id, open);
  const offset = Math.max(-1, Math.min(1, monthOffsetOfDate(session.session_date)));
  const mutual = useMutualAvailability(session.id, offset, open);
  // The mentor's free slots this month and next, as the booking page offers them (past months have none).
  const thisMonth = useRescheduleSlots(session.id, 0, open);
  const nextMonth = useRescheduleSlots(session.id, 1, open);
  const loadingSlots = thisMonth.isPending || nextMonth.isPending;
  const choices = proposalChoices([thisMonth.data, nextMonth.data]);
  const blocked = proposalBlockedText(session, modifications.data, viewerId);
  const suggestions = offeredSuggestions(smartSuggestions(session, mutual.data, 12), choices).slice(0, 4);

  // Every way out goes through here, so the next opening starts from an empty form.
  const close = (next: boolean) => {
    if (busy) return;
    if (!next) reset(empty);
    onOpenChange(next);
  };

  const submit = async (proposal: ProposalForm) => {
    if (blocked) return;
    if (await onPropose({ ...proposal, message: proposal.message.trim() })) {
      reset(empty);
      onOpenChange(false);
    }
  };

  const times = choices.timesOn(date);

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Propose Session Modification"
      description={`Currently ${formatDay(session.session_date)} at ${formatClock(session.session_time)}. Pick one of the mentor's free times; the other participant approves or declines it.`}
      footer={
        <>
          <Button variant="outline" onClick={() => close(false)} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form="propose-modification-form" loading={busy} disabled={!!blocked} data-testid="submit-proposal">
            Propose New Time
          </Button>
        </>
      }
    >
      {blocked ? (
        <Notice tone="warning" role="alert" icon={<AlertTriangle />} title="A reschedule is already pending" data-testid="proposal-blocked">
          {blocked}
        </Notice>
      ) : (
        <Form id="propose-modification-form" form={form} onSubmit={submit} messageSlot="none" className="space-y-4">
          {suggestions.length > 0 && (
            <div>
              <p className="mb-2 flex items-center gap-1.5 text-sm font-medium text-slate-700">
                <Sparkles className="h-4 w-4 text-brand-500" /> Smart suggestions: you are both free
              </p>
              <div className="flex flex-wrap gap-2" data-testid="smart-suggestions">
                {suggestions.map((s) => {
                  const chosen = s.date === date && s.time === time;
                  return (
                    <button
                      key={s.startsAt}
                      type="button"
                      aria-pressed={chosen}
                      onClick={() => {
                        setValue('date', s.date, { shouldValidate: formState.isSubmitted });
                        setValue('time', s.time, { shouldValidate: formState.isSubmitted });
                      }}
                      className={
                        chosen
                          ? 'rounded-full bg-emerald-600 px-3 py-1.5 text-sm font-medium text-white'
                          : 'rounded-full bg-emerald-50 px-3 py-1.5 text-sm font-medium text-emerald-800 ring-1 ring-emerald-200 hover:bg-emerald-100'
                      }
                    >
                      {formatDay(s.date, 'short')} · {formatClock(s.time)}
                    </button>
                  );
                })}
              </div>
            </div>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              name="date"
              label="New date"
              id="proposal-date"
              description={!loadingSlots && choices.dates.length === 0 ? 'The mentor has no free times this month or next.' : undefined}
              rules={{ onChange: () => setValue('time', '') }}
              error={once}
            >
              {(control) => (
                <Select {...control} disabled={loadingSlots || choices.dates.length === 0}>
                  <option value="">{loadingSlots ? 'Loading free times...' : 'Select a date'}</option>
                  {choices.dates.map((d) => (
                    <option key={d} value={d}>
                      {formatDay(d)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field name="time" label="New time" id="proposal-time" error={once}>
              {(control) => (
                <Select {...control} disabled={!date}>
                  <option value="">{date ? 'Select a time' : 'Pick a date first'}</option>
                  {times.map((t) => (
                    <option key={t} value={t}>
                      {formatClock(t)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          </div>
          <Field name="message" label="Message" id="proposal-message" optional max={RESCHEDULE_MESSAGE_MAX} error={once}>
            {(control) => <Textarea {...control} rows={3} placeholder="Why the change? Anything the other participant should know." />}
          </Field>
          {error && (
            <p role="alert" className="text-sm font-medium text-red-600" data-testid="proposal-error">
              {error}
            </p>
          )}
        </Form>
      )}
    </Dialog>
  );
};
