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
import { Field, Input, Select, Textarea } from '@/ui/input';
import { Notice } from '@/ui/notice';
import { useModifications, useMutualAvailability } from '../api/session-queries';
import { proposalBlockedText, smartSuggestions } from '../session-rules';

export interface ProposeModificationDialogProps {
  session: Session;
  viewerId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  onPropose: (proposal: { date: string; time: string; message: string }) => Promise<boolean>;
}

// Every half hour from 06:00 to 22:00: the server checks the proposed time; the list only offers sensible ones.
const timeOptions = Array.from({ length: 33 }, (_, i) => `${String(6 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`);

const empty: ProposalForm = { date: '', time: '', message: '' };

const localToday = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

export const ProposeModificationDialog = ({ session, viewerId, open, onOpenChange, busy, onPropose }: ProposeModificationDialogProps) => {
  const { register, handleSubmit, setValue, reset, control, formState } = useForm({ resolver: zodResolver(proposalFormSchema), defaultValues: empty });
  const [date, time, message] = useWatch({ control, name: ['date', 'time', 'message'] });
  const error = formState.errors.date?.message ?? formState.errors.time?.message ?? formState.errors.message?.message;
  const modifications = useModifications(session.id, open);
  const offset = Math.max(-1, Math.min(1, monthOffsetOfDate(session.session_date)));
  const mutual = useMutualAvailability(session.id, offset, open);
  const blocked = proposalBlockedText(session, modifications.data, viewerId);
  const suggestions = smartSuggestions(session, mutual.data);

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

  const options = time && !timeOptions.includes(time) ? [...timeOptions, time].sort() : timeOptions;

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Propose Session Modification"
      description={`Currently ${formatDay(session.session_date)} at ${formatClock(session.session_time)}. The other participant approves or declines the new time.`}
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
            <Field label="New date" htmlFor="proposal-date">
              <Input id="proposal-date" type="date" min={localToday()} {...register('date')} aria-invalid={!!formState.errors.date || undefined} />
            </Field>
            <Field label="New time" htmlFor="proposal-time">
              <Select id="proposal-time" {...register('time')} aria-invalid={!!formState.errors.time || undefined}>
                <option value="">Select a time</option>
                {options.map((t) => (
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
