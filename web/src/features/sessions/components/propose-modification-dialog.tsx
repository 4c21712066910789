import { AlertTriangle, Sparkles } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import type { Session } from '@contracts/sessions';
import { formatClock, formatDay, monthOffsetOfDate } from '@/lib/session-format';
import { Button } from '@/ui/button';
import { CharCount } from '@/ui/char-count';
import { Dialog } from '@/ui/dialog';
import { Field, Input, Select, Textarea } from '@/ui/input';
import { Notice } from '@/ui/notice';
import { useModifications, useMutualAvailability } from '../api/session-queries';
import { proposalBlockedText, REASON_MAX, smartSuggestions, validateProposal } from '../session-rules';

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

const localToday = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

export const ProposeModificationDialog = ({ session, viewerId, open, onOpenChange, busy, onPropose }: ProposeModificationDialogProps) => {
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const modifications = useModifications(session.id, open);
  const offset = Math.max(-1, Math.min(1, monthOffsetOfDate(session.session_date)));
  const mutual = useMutualAvailability(session.id, offset, open);
  const blocked = proposalBlockedText(session, modifications.data, viewerId);
  const suggestions = smartSuggestions(session, mutual.data);

  useEffect(() => {
    if (!open) return;
    setDate('');
    setTime('');
    setMessage('');
    setError(null);
  }, [open]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (blocked) return;
    const valid = validateProposal(date, time);
    if (!valid.ok) {
      setError(valid.error);
      return;
    }
    setError(null);
    if (await onPropose({ date, time, message: message.trim() })) onOpenChange(false);
  };

  const options = time && !timeOptions.includes(time) ? [...timeOptions, time].sort() : timeOptions;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      title="Propose Session Modification"
      description={`Currently ${formatDay(session.session_date)} at ${formatClock(session.session_time)}. The other participant approves or declines the new time.`}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
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
        <form id="propose-modification-form" onSubmit={submit} noValidate className="space-y-4">
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
                        setDate(s.date);
                        setTime(s.time);
                        setError(null);
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
              <Input id="proposal-date" type="date" min={localToday()} value={date} onChange={(e) => setDate(e.target.value)} aria-invalid={(!!error && !date) || undefined} />
            </Field>
            <Field label="New time" htmlFor="proposal-time">
              <Select id="proposal-time" value={time} onChange={(e) => setTime(e.target.value)} aria-invalid={(!!error && !time) || undefined}>
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
            <Textarea id="proposal-message" rows={3} maxLength={REASON_MAX} value={message} placeholder="Why the change? Anything the other participant should know." onChange={(e) => setMessage(e.target.value)} />
          </Field>
          <CharCount length={message.length} max={REASON_MAX} />
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
