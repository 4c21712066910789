import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { SUPPORT_MESSAGE_MAX, supportTexts, supportTicketSchema, ticketCategories, ticketPriorities } from '@contracts/support';
import type { SupportTicket, SupportTicketInput } from '@contracts/support';
import { ApiError } from '@/lib/http';
import { Button } from '@/ui/button';
import { CharCount } from '@/ui/char-count';
import { Field, Input, Select, Textarea } from '@/ui/input';

export type { SupportTicket };

export const priorityLabels: Record<SupportTicket['priority'], string> = { low: 'Baja', medium: 'Media', high: 'Alta', urgent: 'Urgente' };
export const categoryLabels: Record<SupportTicket['category'], string> = {
  general: 'General',
  technical: 'Técnico',
  account: 'Cuenta',
  billing: 'Facturación',
  feature: 'Sugerencia de función',
};

const empty: SupportTicketInput = { name: '', email: '', subject: '', priority: 'medium', category: 'general', message: '' };

/** A field's own problem (an e-mail that is not one, text over its limit); missing fields share one line below. */
const own = (message: string | undefined): string | undefined => (message === supportTexts.required ? undefined : message);

export const SupportForm = ({ onSubmit }: { onSubmit: (ticket: SupportTicket) => Promise<void> }) => {
  const { register, handleSubmit, setError, formState, control } = useForm<SupportTicketInput, unknown, SupportTicket>({
    resolver: zodResolver(supportTicketSchema),
    defaultValues: empty,
  });
  const { errors, isSubmitting: submitting } = formState;
  const messageLength = useWatch({ control, name: 'message' }).length;
  // One line for all missing fields, as the spec words it; then a refusal or failure of the send.
  const missing = [errors.name, errors.email, errors.subject, errors.message].some((e) => e?.message === supportTexts.required);
  const error = missing ? supportTexts.required : errors.root?.message;

  const submit = handleSubmit(async (ticket) => {
    try {
      await onSubmit(ticket);
    } catch (failure) {
      const refused = failure instanceof ApiError && failure.status === 400 && failure.serverMessage;
      setError('root', { message: refused || supportTexts.sendFailed });
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-5" aria-label="Ticket de soporte">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Nombre *" htmlFor="support-name" error={own(errors.name?.message)}>
          <Input id="support-name" autoComplete="name" {...register('name')} />
        </Field>
        <Field label="Email *" htmlFor="support-email" error={own(errors.email?.message)}>
          <Input id="support-email" type="email" autoComplete="email" aria-invalid={Boolean(errors.email)} {...register('email')} />
        </Field>
      </div>
      <Field label="Asunto *" htmlFor="support-subject" error={own(errors.subject?.message)}>
        <Input id="support-subject" {...register('subject')} />
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Prioridad" htmlFor="support-priority">
          <Select id="support-priority" {...register('priority')}>
            {ticketPriorities.map((p) => (
              <option key={p} value={p}>
                {priorityLabels[p]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Categoría" htmlFor="support-category">
          <Select id="support-category" {...register('category')}>
            {ticketCategories.map((c) => (
              <option key={c} value={c}>
                {categoryLabels[c]}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <Field label="Mensaje *" htmlFor="support-message" error={own(errors.message?.message)}>
        <Textarea id="support-message" rows={5} aria-describedby="support-message-count" {...register('message')} />
        <CharCount id="support-message-count" length={messageLength} max={SUPPORT_MESSAGE_MAX} />
      </Field>
      {error && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <Button type="submit" size="lg" loading={submitting} className="w-full sm:w-auto">
        {submitting ? 'Enviando...' : 'Enviar ticket'}
      </Button>
    </form>
  );
};
