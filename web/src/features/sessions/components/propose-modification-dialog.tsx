import { AlertTriangle, Sparkles } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { proposalFormSchema } from '@contracts/session-forms';
import type { ProposalForm } from '@contracts/session-forms';
import { RESCHEDULE_MESSAGE_MAX } from '@contracts/sessions';
import type { Session } from '@contracts/sessions';
import { formatClock, formatDay, monthOffsetOfDate } from '@/lib/session-format';
import { Button } from '@/ui/button';
import { CharCount } from '@/ui/char-count';
import { Dialog } from '@/ui/dialog';
import { Field, Select, Textarea } from '@/ui/input';
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

export const ProposeModificationDialog = ({ session, viewerId, open, onOpenChange, busy, onPropose }: ProposeModificationDialogProps) => {
  const { register, handleSubmit, setValue, reset, control, formState } = useForm({ resolver: zodResolver(proposalFormSchema), defaultValues: empty });
  const [date, time, message] = useWatch({ control, name: ['date', 'time', 'message'] });
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

  const submit = handleSubmit(async (proposal) => {
    if (blocked) return;
    if (await onPropose({ ...proposal, message: proposal.message.trim() })) {
      reset(empty);
      onOpenChange(false);
    }
  });

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
        <form id="propose-modification-form" onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
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
              label="New date"
              htmlFor="proposal-date"
              hint={!loadingSlots && choices.dates.length === 0 ? 'The mentor has no free times this month or next.' : undefined}
            >
              <Select
                id="proposal-date"
                {...register('date', { onChange: () => setValue('time', '') })}
                disabled={loadingSlots || choices.dates.length === 0}
                aria-invalid={!!formState.errors.date || undefined}
              >
                <option value="">{loadingSlots ? 'Loading free times...' : 'Select a date'}</option>
                {choices.dates.map((d) => (
                  <option key={d} value={d}>
                    {formatDay(d)}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label="New time" htmlFor="proposal-time">
              <Select id="proposal-time" {...register('time')} disabled={!date} aria-invalid={!!formState.errors.time || undefined}>
                <option value="">{date ? 'Select a time' : 'Pick a date first'}</option>
                {times.map((t) => (
                  <option key={t} value={t}>
                    {formatClock(t)}
                  </option>
                ))}
              </Select>
            </Field>
          </div>
          <Field label="Message" htmlFor="proposal-message" optional>
            <Textarea
              id="proposal-message"
              rows={3}
              maxLength={RESCHEDULE_MESSAGE_MAX}
              placeholder="Why the change? Anything the other participant should know."
              {...register('message')}
            />
          </Field>
          <CharCount length={message.length} max={RESCHEDULE_MESSAGE_MAX} />
          {error && (
            <p role="alert" className="text-sm font-medium text-red-600" data-testid="proposal-error">
              {error}
            </p>
          )}
        </form>
      )}
    </Dialog>
  );
};
