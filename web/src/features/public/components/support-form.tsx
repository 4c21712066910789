import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '@/ui/button';
import { Field, Input, Select, Textarea } from '@/ui/input';

export const ticketPriorities = ['low', 'medium', 'high', 'urgent'] as const;
export const ticketCategories = ['general', 'technical', 'account', 'billing', 'feature'] as const;

export interface SupportTicket {
  name: string;
  email: string;
  subject: string;
  priority: (typeof ticketPriorities)[number];
  category: (typeof ticketCategories)[number];
  message: string;
}

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
  const [ticket, setTicket] = useState(empty);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const set = <K extends keyof SupportTicket>(key: K, value: SupportTicket[K]) => setTicket((t) => ({ ...t, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const required = [ticket.name, ticket.email, ticket.subject, ticket.message];
    if (required.some((value) => !value.trim())) {
      setError('Please complete all required fields.');
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      await onSubmit(ticket);
    } catch {
      setError('Error sending ticket. Please try again.');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label="Ticket de soporte">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Nombre *" htmlFor="support-name">
          <Input id="support-name" autoComplete="name" value={ticket.name} onChange={(e) => set('name', e.target.value)} />
        </Field>
        <Field label="Email *" htmlFor="support-email">
          <Input id="support-email" type="email" autoComplete="email" value={ticket.email} onChange={(e) => set('email', e.target.value)} />
        </Field>
      </div>
      <Field label="Asunto *" htmlFor="support-subject">
        <Input id="support-subject" value={ticket.subject} onChange={(e) => set('subject', e.target.value)} />
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Prioridad" htmlFor="support-priority">
          <Select id="support-priority" value={ticket.priority} onChange={(e) => set('priority', e.target.value as SupportTicket['priority'])}>
            {ticketPriorities.map((p) => (
              <option key={p} value={p}>
                {priorityLabels[p]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Categoría" htmlFor="support-category">
          <Select id="support-category" value={ticket.category} onChange={(e) => set('category', e.target.value as SupportTicket['category'])}>
            {ticketCategories.map((c) => (
              <option key={c} value={c}>
                {categoryLabels[c]}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <Field label="Mensaje *" htmlFor="support-message">
        <Textarea id="support-message" rows={5} value={ticket.message} onChange={(e) => set('message', e.target.value)} />
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
