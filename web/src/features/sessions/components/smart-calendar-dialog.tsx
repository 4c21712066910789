import { AlertTriangle, CalendarX2, ChevronLeft, ChevronRight, Clock3 } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { sessionTexts } from '@contracts/limits';
import { cancelSessionFormSchema, proposalFormSchema } from '@contracts/session-forms';
import { REASON_MAX, RESCHEDULE_MESSAGE_MAX } from '@contracts/sessions';
import type { Session } from '@contracts/sessions';
import { monthAt } from '@/lib/dates';
import { formatClock, formatDay, monthOffsetOfDate } from '@/lib/session-format';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { Field, Form } from '@/ui/form';
import { Textarea } from '@/ui/input';
import { Notice } from '@/ui/notice';
import { Spinner } from '@/ui/spinner';
import { useModifications, useMutualAvailability } from '../api/session-queries';
import type { SlotKind } from '../session-rules';
import { classifySlots, mentorOffers, OTHER_ONLY_MESSAGE, proposalBlockedText } from '../session-rules';
import { AvailabilityLegend, HourSlots, kindText, MonthGrid } from './availability-grid';

export interface SmartCalendarDialogProps {
  session: Session;
  viewerId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: 'propose' | 'cancel' | null;
  onPropose: (proposal: { date: string; time: string; message: string }) => Promise<boolean>;
  onCancelSession: (reason: string) => Promise<boolean>;
  /** Within CANCELLATION_NOTICE_HOURS of the start: said before any reason is typed, and the action is off. */
  cancellationClosed: boolean;
}

const messageFormSchema = proposalFormSchema.pick({ message: true });

const monthOf = (offset: number) => monthAt(offset);

export const SmartCalendarDialog = ({ session, viewerId, open, onOpenChange, busy, onPropose, onCancelSession, cancellationClosed }: SmartCalendarDialogProps) => {
  // null: the month of the session, as it is when the dialog opens.
  const [chosenOffset, setOffset] = useState<number | null>(null);
  const offset = chosenOffset ?? Math.max(-1, Math.min(1, monthOffsetOfDate(session.session_date)));
  const [slot, setSlot] = useState<{ date: string; time: string | null; kind?: SlotKind } | null>(null);
  const proposal = useForm({ resolver: zodResolver(messageFormSchema), defaultValues: { message: '' } });
  const cancellation = useForm({ resolver: zodResolver(cancelSessionFormSchema), defaultValues: { reason: '' } });
  const message = useWatch({ control: proposal.control, name: 'message' });
  const mutual = useMutualAvailability(session.id, offset, open);
  const modifications = useModifications(session.id, open);
  const kinds = useMemo(() => classifySlots(mutual.data), [mutual.data]);
  const { year, month, label } = monthOf(offset);
  const otherName = session.other_user?.name ?? 'the other participant';
  const blocked = proposalBlockedText(session, modifications.data, viewerId);

  // Every way out closes through here, so the next opening starts afresh.
  const closeAndClear = () => {
    setOffset(null);
    setSlot(null);
    proposal.reset();
    cancellation.reset();
    onOpenChange(false);
  };
  const close = (next: boolean) => {
    if (busy) return;
    if (next) onOpenChange(true);
    else closeAndClear();
  };

  const changeMonth = (next: number) => {
    setOffset(next);
    setSlot(null);
  };

  const chooseTime = (time: string, kind: SlotKind) => {
    if (!slot) return;
    setSlot({ ...slot, time, kind });
    // Spec 000 §5: an other-only time pre-fills the message when it is empty.
    if (kind === 'theirs' && !message.trim()) proposal.setValue('message', OTHER_ONLY_MESSAGE);
  };

  const propose = async (form: { message: string }) => {
    if (!slot?.time) return;
    if (await onPropose({ date: slot.date, time: slot.time, message: form.message.trim() })) closeAndClear();
  };

  const cancel = async (form: { reason: string }) => {
    if (cancellationClosed) return;
    if (await onCancelSession(form.reason.trim())) closeAndClear();
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Smart Session Calendar"
      description={`When you and ${otherName} are both free. Pick a time to propose, or cancel the session.`}
      size="lg"
    >
      <div className="space-y-5">
        <div className="flex items-center justify-between gap-2">
          <Button size="icon" variant="ghost" aria-label="Previous month" disabled={offset <= -1} onClick={() => changeMonth(offset - 1)}>
            <ChevronLeft className="h-5 w-5" />
          </Button>
          <p className="font-semibold text-slate-900" aria-live="polite">
            {label}
          </p>
          <Button size="icon" variant="ghost" aria-label="Next month" disabled={offset >= 1} onClick={() => changeMonth(offset + 1)}>
            <ChevronRight className="h-5 w-5" />
          </Button>
        </div>
        <AvailabilityLegend otherName={otherName} />
        {mutual.isPending ? (
          <div className="flex justify-center py-10">
            <Spinner label="Loading availability" />
          </div>
        ) : (
          <MonthGrid year={year} month={month} kinds={kinds} selectedDate={slot?.date ?? null} onSelectDate={(date) => setSlot({ date, time: null })} />
        )}
        {slot && (
          <div className="space-y-3 rounded-xl border border-slate-200 p-4" data-testid="calendar-hours">
            <p className="text-sm font-medium text-slate-700">{formatDay(slot.date)}</p>
            <HourSlots
              date={slot.date}
              kinds={kinds}
              selectedTime={slot.time}
              otherName={otherName}
              onSelect={chooseTime}
              pickable={(kind) => mentorOffers(kind, session.role)}
            />
            {slot.time && slot.kind && (
              <p className="text-sm text-slate-600" data-testid="calendar-selection">
                {formatClock(slot.time)}: {kindText(slot.kind, otherName)}
              </p>
            )}
          </div>
        )}
        {blocked ? (
          <Notice tone="warning" role="alert" icon={<AlertTriangle />}>
            {blocked}
          </Notice>
        ) : (
          <Form form={proposal} onSubmit={propose} className="space-y-3" aria-label="Propose a new time">
            <Field name="message" label="Message" id="calendar-message" optional max={RESCHEDULE_MESSAGE_MAX}>
              {(control) => <Textarea {...control} rows={2} placeholder="Add a note for the new time" />}
            </Field>
            <div className="flex justify-end">
              <Button type="submit" disabled={!slot?.time || busy === 'cancel'} loading={busy === 'propose'} data-testid="calendar-propose">
                Propose Reschedule
              </Button>
            </div>
          </Form>
        )}
        <Form form={cancellation} onSubmit={cancel} className="space-y-3 border-t border-slate-100 pt-5" aria-label="Cancel the session">
          {cancellationClosed && (
            <Notice tone="warning" icon={<Clock3 />} title="Too late to cancel" data-testid="cancellation-closed">
              {sessionTexts.cancelTooLate}.
            </Notice>
          )}
          <Field name="reason" label="Reason for cancelling" id="cancel-reason" max={REASON_MAX}>
            {(control) => <Textarea {...control} rows={2} disabled={cancellationClosed} placeholder={`Let ${otherName} know why`} />}
          </Field>
          <div className="flex justify-end">
            <Button type="submit" variant="danger" loading={busy === 'cancel'} disabled={busy === 'propose' || cancellationClosed} data-testid="calendar-cancel-session">
              <CalendarX2 className="h-4 w-4" /> Cancel Session
            </Button>
          </div>
        </Form>
      </div>
    </Dialog>
  );
};
