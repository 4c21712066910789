// A follower's controls on /admin/operations (issue 33 point 6): pause or resume it, and once it has
// failed retry the event or skip it with a reason; rebuild a projector's read model (blue/green, with a
// reason for the record). Skip and rebuild ask first, in a dialog that says what they do.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FOLLOWER_REASON_MAX, followerControlTexts as texts, type FollowerAction, type FollowerStatus } from '@contracts/admin-operations';
import { errorText } from '@/lib/http';
import { toast } from '@/lib/toast-store';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { Field, Form } from '@/ui/form';
import { Textarea } from '@/ui/input';
import { useFollowerControl } from '../api/admin-api';

const reasonSchema = (required: boolean) =>
  z.object({ reason: required ? z.string().trim().min(1, texts.skipReasonRequired).max(FOLLOWER_REASON_MAX) : z.string().trim().max(FOLLOWER_REASON_MAX) });

const ReasonDialog = ({ follower, action, onClose }: { follower: string; action: 'skip' | 'rebuild'; onClose: () => void }) => {
  const control = useFollowerControl();
  const form = useForm({ resolver: zodResolver(reasonSchema(action === 'skip')), defaultValues: { reason: '' } });
  const submit = async ({ reason }: { reason: string }) => {
    await control.mutateAsync({ name: follower, action, reason });
    toast.success(action === 'skip' ? `${follower}: the event is skipped` : `${follower}: the rebuild has begun`);
    onClose();
  };
  const formId = `follower-${action}-form`;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !control.isPending && onClose()}
      title={`${action === 'skip' ? texts.skipTitle : texts.rebuildTitle}: ${follower}`}
      description={action === 'skip' ? texts.skipHelp : texts.rebuildHelp}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={control.isPending} data-autofocus>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant={action === 'skip' ? 'danger' : 'primary'} loading={control.isPending} data-testid={`confirm-${action}`}>
            {texts[action]}
          </Button>
        </>
      }
    >
      <Form id={formId} form={form} onSubmit={submit} failureText={(error) => errorText(error, texts.failed)}>
        <Field name="reason" label={texts.reasonLabel} optional={action === 'rebuild'} id={`${formId}-reason`} max={FOLLOWER_REASON_MAX}>
          {(field) => <Textarea {...field} rows={3} />}
        </Field>
      </Form>
    </Dialog>
  );
};

export const FollowerControls = ({ follower }: { follower: FollowerStatus }) => {
  const control = useFollowerControl();
  const [asking, setAsking] = useState<'skip' | 'rebuild' | null>(null);
  const run = (action: FollowerAction) => control.mutate({ name: follower.name, action }, { onError: (error) => toast.error(errorText(error, texts.failed)) });
  const paused = follower.state === 'paused';
  const failed = follower.failure !== null;
  return (
    <div className="flex flex-wrap gap-1.5" data-controls={follower.name}>
      <Button size="sm" variant="outline" onClick={() => run(paused ? 'resume' : 'pause')} disabled={control.isPending}>
        {paused ? texts.resume : texts.pause}
      </Button>
      {failed && (
        <>
          <Button size="sm" variant="outline" onClick={() => run('retry')} disabled={control.isPending}>
            {texts.retry}
          </Button>
          <Button size="sm" variant="outline" onClick={() => setAsking('skip')}>
            {texts.skip}
          </Button>
        </>
      )}
      {follower.kind === 'projector' && (
        <Button size="sm" variant="outline" onClick={() => setAsking('rebuild')} disabled={follower.rebuild !== null}>
          {texts.rebuild}
        </Button>
      )}
      {asking && <ReasonDialog follower={follower.name} action={asking} onClose={() => setAsking(null)} />}
    </div>
  );
};
