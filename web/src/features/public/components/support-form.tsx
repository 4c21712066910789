import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { SUPPORT_MESSAGE_MAX, supportTexts, supportTicketSchema, ticketCategories, ticketPriorities } from '@contracts/support';
import type { SupportTicket, SupportTicketInput } from '@contracts/support';
import { ApiError } from '@/lib/http';
import { Button } from '@/ui/button';
import { Field, Form, FormMessage } from '@/ui/form';
import { Input, Select, Textarea } from '@/ui/input';

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

const failureText = (failure: unknown): string => (failure instanceof ApiError && failure.status === 400 && failure.serverMessage) || supportTexts.sendFailed;

export const SupportForm = ({ onSubmit }: { onSubmit: (ticket: SupportTicket) => Promise<void> }) => {
  const form = useForm<SupportTicketInput, unknown, SupportTicket>({ resolver: zodResolver(supportTicketSchema), defaultValues: empty });
  const { errors, isSubmitting: submitting } = form.formState;
  // One line for all missing fields, as the spec words it; then a refusal or failure of the send (the Form's slot).
  const missing = [errors.name, errors.email, errors.subject, errors.message].some((e) => e?.message === supportTexts.required);

  return (
    <Form form={form} onSubmit={onSubmit} failureText={failureText} className="space-y-5" aria-label="Ticket de soporte" messageSlot="none">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field name="name" label="Nombre *" id="support-name" error={own}>
          {(control) => <Input autoComplete="name" {...control} />}
        </Field>
        <Field name="email" label="Email *" id="support-email" error={own}>
          {(control) => <Input type="email" autoComplete="email" {...control} />}
        </Field>
      </div>
      <Field name="subject" label="Asunto *" id="support-subject" error={own}>
        {(control) => <Input {...control} />}
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field name="priority" label="Prioridad" id="support-priority">
          {(control) => (
            <Select {...control}>
              {ticketPriorities.map((p) => (
                <option key={p} value={p}>
                  {priorityLabels[p]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field name="category" label="Categoría" id="support-category">
          {(control) => (
            <Select {...control}>
              {ticketCategories.map((c) => (
                <option key={c} value={c}>
                  {categoryLabels[c]}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <Field name="message" label="Mensaje *" id="support-message" error={own} max={SUPPORT_MESSAGE_MAX}>
        {(control) => <Textarea rows={5} {...control} maxLength={undefined} />}
      </Field>
      {missing ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
          {supportTexts.required}
        </p>
      ) : (
        <FormMessage />
      )}
      <Button type="submit" size="lg" loading={submitting} className="w-full sm:w-auto">
        {submitting ? 'Enviando...' : 'Enviar ticket'}
      </Button>
    </Form>
  );
};
