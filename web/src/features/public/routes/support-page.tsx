import { CheckCircle2, ChevronDown, LifeBuoy } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { supportPaths } from '@contracts/support';
import { sendJson } from '@/lib/http';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Button, buttonClasses } from '@/ui/button';
import { Card } from '@/ui/card';
import { PublicShell } from '@/ui/public-shell';
import { categoryLabels, priorityLabels, SupportForm } from '../components/support-form';
import type { SupportTicket } from '../components/support-form';

const faq = [
  { q: '¿Cómo funcionan los puntos?', a: 'Empiezas con 3 puntos de bienvenida. Cada hora que enseñas te da 1 punto y cada hora que aprendes cuesta 1 punto.' },
  { q: '¿Puedo cancelar una sesión?', a: 'Sí, hasta 2 horas antes de la sesión, y los puntos retenidos se te devuelven.' },
  { q: '¿Cómo me convierto en mentor?', a: 'Añade en tu perfil las habilidades que puedes enseñar, su precio en puntos por hora y tu disponibilidad semanal.' },
  { q: '¿SkillSwap es gratis?', a: 'Sí, durante la fase MVP todo es gratis. No necesitas tarjeta.' },
];

// The server checks the ticket against the same schema and only logs it (document 001 §7); the form shows
// 'Enviando...' while it is on its way rather than the spec's simulated 2 seconds.
const sendTicket = async (ticket: SupportTicket) => {
  await sendJson(supportPaths.tickets, { body: ticket });
};

const TicketSent = ({ ticket, onAnother }: { ticket: SupportTicket; onAnother: () => void }) => (
  <div className="py-6 text-center" data-testid="ticket-sent">
    <CheckCircle2 className="mx-auto h-14 w-14 text-emerald-500" />
    <h2 className="mt-4 text-2xl font-bold text-slate-900">¡Ticket Enviado!</h2>
    <p className="mt-2 text-slate-600">Gracias por escribirnos. Te responderemos por email lo antes posible.</p>
    <dl className="mx-auto mt-6 max-w-sm divide-y divide-slate-100 rounded-xl bg-slate-50 text-left text-sm">
      {[
        ['Asunto', ticket.subject],
        ['Prioridad', priorityLabels[ticket.priority]],
        ['Categoría', categoryLabels[ticket.category]],
      ].map(([term, value]) => (
        <div key={term} className="flex justify-between gap-4 px-4 py-2.5">
          <dt className="text-slate-500">{term}</dt>
          <dd className="truncate font-medium text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
    <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
      <Link to="/" className={buttonClasses('outline')}>
        Volver al inicio
      </Link>
      <Button onClick={onAnother}>Enviar otro ticket</Button>
    </div>
  </div>
);

export const SupportPage = () => {
  useDocumentTitle('Soporte');
  const [sent, setSent] = useState<SupportTicket | null>(null);
  return (
    <PublicShell>
      <section className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-[1fr_22rem]" lang="es">
        <div>
          <div className="flex items-center gap-3">
            <span className="rounded-xl bg-brand-50 p-3 text-brand-600">
              <LifeBuoy className="h-6 w-6" />
            </span>
            <div>
              <h1 className="text-3xl font-bold tracking-tight text-slate-900">Centro de soporte</h1>
              <p className="text-slate-500">¿Tienes un problema o una idea? Cuéntanoslo.</p>
            </div>
          </div>
          <Card className="mt-8 p-6 sm:p-8">
            {sent ? (
              <TicketSent ticket={sent} onAnother={() => setSent(null)} />
            ) : (
              <SupportForm
                onSubmit={async (t) => {
                  await sendTicket(t);
                  setSent(t);
                }}
              />
            )}
          </Card>
        </div>
        <aside aria-labelledby="faq-heading">
          <h2 id="faq-heading" className="text-lg font-semibold text-slate-900">
            Preguntas frecuentes
          </h2>
          <div className="mt-4 space-y-3">
            {faq.map((item) => (
              <details key={item.q} className="group rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm">
                <summary className="flex cursor-pointer list-none items-center justify-between gap-2 text-sm font-medium text-slate-900">
                  {item.q}
                  <ChevronDown className="h-4 w-4 shrink-0 text-slate-400 transition-transform group-open:rotate-180" />
                </summary>
                <p className="mt-2 text-sm leading-6 text-slate-600">{item.a}</p>
              </details>
            ))}
          </div>
        </aside>
      </section>
    </PublicShell>
  );
};
