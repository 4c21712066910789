// An admin's control on a feature card (issue 31 point 9, beyond the spec): the status (open, planned,
// started, completed, declined) and a note to the voters, who are notified. Shown to admins only; the
// server's admin scope decides.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FEATURE_NOTE_MAX, FEATURE_STATUS_LABELS, FEATURE_STATUSES, featureStatusBodySchema, type FeatureStatus } from '@contracts/feature-votes';
import { errorText } from '@/lib/http';
import { toast } from '@/lib/toast-store';
import { Button } from '@/ui/button';
import { Form } from '@/ui/form';
import { useSetFeatureStatus } from '../api/feature-votes-api';

type StatusForm = z.input<typeof featureStatusBodySchema>;

export const FeatureStatusForm = ({ featureId, title, status, note }: { featureId: string; title: string; status: FeatureStatus; note: string }) => {
  const save = useSetFeatureStatus(featureId);
  const form = useForm<StatusForm, unknown, z.output<typeof featureStatusBodySchema>>({ resolver: zodResolver(featureStatusBodySchema), values: { status, note } });
  const submit = async (values: z.output<typeof featureStatusBodySchema>) => {
    await save.mutateAsync(values);
    toast.success('Status saved', `Voters of ${title} are notified.`);
  };
  return (
    <Form
      form={form}
      onSubmit={submit}
      failureText={(error) => errorText(error, 'Could not save the status')}
      className="mt-4 space-y-2 rounded-xl border border-dashed border-slate-300 p-3"
      data-testid="feature-status-form"
    >
      <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Admin: status</p>
      <div className="flex gap-2">
        <select
          {...form.register('status')}
          aria-label={`Status of ${title}`}
          className="h-9 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-2 text-sm focus:border-brand-400 focus:ring-2 focus:ring-brand-100 focus:outline-none"
        >
          {FEATURE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {FEATURE_STATUS_LABELS[s]}
            </option>
          ))}
        </select>
        <Button type="submit" size="sm" className="h-9" loading={save.isPending}>
          Save
        </Button>
      </div>
      <input
        {...form.register('note')}
        maxLength={FEATURE_NOTE_MAX}
        aria-label={`Note to the voters of ${title}`}
        placeholder="Note to the voters (optional)"
        className="h-9 w-full rounded-lg border border-slate-300 px-2 text-sm focus:border-brand-400 focus:ring-2 focus:ring-brand-100 focus:outline-none"
      />
    </Form>
  );
};
