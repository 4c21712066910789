// The inspector's 'Correct points' (issue 33 point 4): a credit or debit with a reason, sent with a key made
// when the form is fresh. A retry after a failure keeps the key (a request whose answer was lost may have
// corrected already: the server then corrects once); a success starts the next correction with a new one.
import { zodResolver } from '@hookform/resolvers/zod';
import { Scale } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { CORRECTION_MAX_POINTS, CORRECTION_REASON_MAX, correctionFormSchema, correctionTexts, type CorrectionForm } from '@contracts/admin-corrections';
import { errorText } from '@/lib/http';
import { toast } from '@/lib/toast-store';
import { Button } from '@/ui/button';
import { Field, Form } from '@/ui/form';
import { Input, Textarea } from '@/ui/input';
import { useCorrectBalance } from '../api/users-api';

const blank = { amount: undefined as unknown as number, reason: '' };

export const BalanceCorrection = ({ memberId, memberName }: { memberId: string; memberName: string }) => {
  const [key, setKey] = useState(() => crypto.randomUUID());
  const correct = useCorrectBalance(memberId);
  const form = useForm<CorrectionForm>({ resolver: zodResolver(correctionFormSchema), defaultValues: blank });

  const submit = async (values: CorrectionForm) => {
    const result = await correct.mutateAsync({ ...values, idempotencyKey: key });
    toast.success(`${correctionTexts.done}: ${memberName} has ${result.available} points available`);
    form.reset(blank);
    setKey(crypto.randomUUID());
  };

  return (
    <section aria-labelledby="correct-points-title" className="rounded-lg border border-slate-200 p-4" data-testid="balance-correction">
      <h3 id="correct-points-title" className="mb-3 flex items-center gap-1.5 text-sm font-semibold text-slate-900">
        <Scale className="h-4 w-4" aria-hidden /> {correctionTexts.title}
      </h3>
      <Form form={form} onSubmit={submit} failureText={(error) => errorText(error, correctionTexts.failed)} className="grid gap-3 sm:grid-cols-[10rem_1fr]">
        <Field name="amount" label={correctionTexts.amountLabel} id="correction-amount" rules={{ valueAsNumber: true }}>
          {(control) => <Input {...control} type="number" inputMode="numeric" step={1} min={-CORRECTION_MAX_POINTS} max={CORRECTION_MAX_POINTS} />}
        </Field>
        <Field name="reason" label={correctionTexts.reasonLabel} id="correction-reason" max={CORRECTION_REASON_MAX}>
          {(control) => <Textarea {...control} rows={2} className="min-h-16" />}
        </Field>
        <div className="sm:col-span-2">
          <Button type="submit" loading={correct.isPending} data-testid="submit-correction">
            {correct.isPending ? correctionTexts.submitting : correctionTexts.submit}
          </Button>
        </div>
      </Form>
    </section>
  );
};
