import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/ui/button';
import { Field, Input, Select, Textarea } from '@/ui/input';

export const ticketPriorities = ['low', 'medium', 'high', 'urgent'] as const;
export const ticketCategories = ['general', 'technical', 'account', 'billing', 'feature'] as const;

// Tickets have no endpoint yet (document 001 §7), so their schema lives with the form; it moves to
// api/contracts when the server takes tickets.
const required = z.string().trim().min(1, 'Please complete all required fields.');
const supportTicketSchema = z.object({
  name: required,
  email: required,
  subject: required,
  priority: z.enum(ticketPriorities),
  category: z.enum(ticketCategories),
  message: required,
});
export type SupportTicket = z.infer<typeof supportTicketSchema>;

export const priorityLabels: Record<SupportTicket['priority'], string> = { low: 'Baja', medium: 'Media', high: 'Alta', urgent: 'Urgente' };
export const categoryLabels: Record<SupportTicket['category'], string> = {
  general: 'General',
  technical: 'Técnico',
  account: 'Cuenta',
  billing: 'Facturación',
  feature: 'Sugerencia de función',
};

const empty: SupportTicket = { name: '', email: '', subject: '', priority: 'medium', category: 'general', message: '' };

export const SupportForm = ({ onSubmit }: { onSubmit: (ticket: SupportTicket) => Promise<void> }) => {
  const { register, handleSubmit, setError, formState } = useForm({ resolver: zodResolver(supportTicketSchema), defaultValues: empty });
  const { errors, isSubmitting: submitting } = formState;
  // One line for all missing fields, as the spec words it.
  const error = (errors.name ?? errors.email ?? errors.subject ?? errors.message ?? errors.root)?.message;

  const submit = handleSubmit(async (ticket) => {
    try {
      await onSubmit(ticket);
    } catch {
      setError('root', { message: 'Error sending ticket. Please try again.' });
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-5" aria-label="Ticket de soporte">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Nombre *" htmlFor="support-name">
          <Input id="support-name" autoComplete="name" {...register('name')} />
        </Field>
        <Field label="Email *" htmlFor="support-email">
          <Input id="support-email" type="email" autoComplete="email" {...register('email')} />
        </Field>
      </div>
      <Field label="Asunto *" htmlFor="support-subject">
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
      <Field label="Mensaje *" htmlFor="support-message">
        <Textarea id="support-message" rows={5} {...register('message')} />
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
