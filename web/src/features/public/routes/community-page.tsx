import { Bell, Check, Hash, MessageCircle, Send, Users } from 'lucide-react';
import { Link } from 'react-router';
import { useDocumentTitle } from '@/lib/use-document-title';
import { buttonClasses } from '@/ui/button';
import { PublicShell } from '@/ui/public-shell';
import { SectionHeading } from '../components/section-heading';

// Static teaser in Spanish (document 001 §2.12); member counts are marketing figures.
const groups = [
  {
    icon: Hash,
    name: 'Servidor estilo Discord',
    members: '1.240',
    tone: 'bg-indigo-50 text-indigo-600',
    features: ['Canales por tecnología', 'Salas de voz para pair programming', 'Eventos semanales'],
  },
  {
    icon: Send,
    name: 'Canal estilo Telegram',
    members: '860',
    tone: 'bg-sky-50 text-sky-600',
    features: ['Ofertas de mentoría diarias', 'Resúmenes del feed', 'Avisos de nuevas funciones'],
  },
  {
    icon: MessageCircle,
    name: 'Grupos estilo WhatsApp',
    members: '530',
    tone: 'bg-emerald-50 text-emerald-600',
    features: ['Grupos locales por ciudad', 'Quedadas presenciales', 'Ayuda rápida entre miembros'],
  },
];

const pillars = [
  { title: 'Feed de la comunidad', text: 'Publica lo que necesitas aprender y recibe ayuda de otros miembros y de The S brain.' },
  { title: 'Sesiones 1:1', text: 'Reserva sesiones en vídeo con mentores y paga con puntos, no con dinero.' },
  { title: 'Red profesional', text: 'Conecta con profesionales tech que comparten tus intereses.' },
];

export const CommunityPage = () => {
  useDocumentTitle('Comunidad');
  return (
    <PublicShell>
      <section className="mx-auto max-w-6xl px-4 py-16 sm:px-6" lang="es">
        <SectionHeading
          level={1}
          eyebrow="Comunidad"
          title="Aprende junto a otros profesionales"
          text="SkillSwap es más que sesiones: es una comunidad que se ayuda cada día."
        />
        <div className="mt-10 grid gap-4 sm:grid-cols-3">
          {pillars.map((pillar) => (
            <div key={pillar.title} className="rounded-2xl bg-slate-50 p-5">
              <h3 className="font-semibold text-slate-900">{pillar.title}</h3>
              <p className="mt-1.5 text-sm leading-6 text-slate-600">{pillar.text}</p>
            </div>
          ))}
        </div>
        <h2 className="mt-16 text-center text-2xl font-bold text-slate-900">Grupos de chat — próximamente</h2>
        <div className="mt-8 grid gap-6 md:grid-cols-3">
          {groups.map((group) => (
            <article key={group.name} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <div className="flex items-start justify-between">
                <span className={`rounded-xl p-3 ${group.tone}`}>
                  <group.icon className="h-6 w-6" />
                </span>
                <span className="rounded-full bg-amber-50 px-2.5 py-1 text-xs font-medium text-amber-800 ring-1 ring-amber-200">Próximamente</span>
              </div>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{group.name}</h3>
              <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-500">
                <Users className="h-4 w-4" /> {group.members} miembros en lista de espera
              </p>
              <ul className="mt-4 flex-1 space-y-2 text-sm text-slate-600">
                {group.features.map((feature) => (
                  <li key={feature} className="flex items-center gap-2">
                    <Check className="h-4 w-4 text-emerald-500" /> {feature}
                  </li>
                ))}
              </ul>
              <Link to="/register" className={buttonClasses('outline', 'md', 'mt-6 w-full')}>
                <Bell className="h-4 w-4" /> Avísame
              </Link>
            </article>
          ))}
        </div>
      </section>
    </PublicShell>
  );
};
