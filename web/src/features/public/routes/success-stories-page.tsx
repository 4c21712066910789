import { ArrowLeft, Quote, Star } from 'lucide-react';
import { Link } from 'react-router';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Avatar } from '@/ui/avatar';
import { buttonClasses } from '@/ui/button';
import { PublicShell } from '@/ui/public-shell';
import { SectionHeading } from '../components/section-heading';

// Static marketing content (document 001 §2.12): six testimonials, partly in Spanish.
const stories = [
  {
    name: 'Lucía Fernández',
    role: 'Frontend developer, Madrid',
    swap: 'React → UX research',
    quote: 'Enseñé React durante tres semanas y usé mis puntos para aprender investigación de usuarios. ¡Ahora lidero los tests con usuarios en mi equipo!',
  },
  {
    name: 'Daniel Okafor',
    role: 'Data analyst, Lagos',
    swap: 'SQL → Python',
    quote: 'I traded SQL tuning sessions for Python mentoring. Two months later I automated half of my weekly reports.',
  },
  {
    name: 'Sofía Ramírez',
    role: 'Product designer, Bogotá',
    swap: 'Figma → Marketing',
    quote: 'Con SkillSwap aprendí marketing digital sin pagar un curso. Mis mentores eran profesionales reales, no vídeos grabados.',
  },
  {
    name: 'Mark Jensen',
    role: 'DevOps engineer, Copenhagen',
    swap: 'Kubernetes → Public speaking',
    quote: 'Explaining Kubernetes to peers made me a better teacher, and the points paid for coaching before my first conference talk.',
  },
  {
    name: 'Ana Torres',
    role: 'Founder, Valencia',
    swap: 'Business plans → No-code',
    quote: 'Ayudé a otros fundadores con sus planes de negocio y a cambio construí mi primer prototipo sin código.',
  },
  {
    name: 'Priya Nair',
    role: 'QA engineer, Bangalore',
    swap: 'Testing → TypeScript',
    quote: 'Three welcome points got me started. Now I teach test automation every week and learn TypeScript in return.',
  },
];

const JoinNav = () => (
  <div className="flex items-center gap-2">
    <Link to="/" className={buttonClasses('ghost', 'md')}>
      <ArrowLeft className="h-4 w-4" /> <span className="hidden sm:inline">Back to Home</span>
      <span className="sr-only sm:hidden">Back to Home</span>
    </Link>
    <Link to="/register" className={buttonClasses('primary', 'md')}>
      Join Free
    </Link>
  </div>
);

export const SuccessStoriesPage = () => {
  useDocumentTitle('Success stories');
  return (
    <PublicShell action={<JoinNav />}>
      <section className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <SectionHeading
          level={1}
          eyebrow="Historias de éxito"
          title="Real swaps, real progress"
          text="Members who taught what they knew and learned what they needed, paying only in points."
        />
        <div className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {stories.map((story) => (
            <figure key={story.name} className="flex min-w-0 flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div className="flex items-center gap-1 text-amber-400" role="img" aria-label="5 out of 5 stars">
                  {Array.from({ length: 5 }, (_, i) => (
                    <Star key={i} className="h-4 w-4 fill-current" />
                  ))}
                </div>
                <span className="rounded-full bg-brand-50 px-2.5 py-1 text-xs font-medium text-brand-700">{story.swap}</span>
              </div>
              <blockquote className="mt-4 flex-1 text-slate-700">
                <Quote className="mb-2 h-5 w-5 text-brand-200" />
                <p className="leading-7">{story.quote}</p>
              </blockquote>
              <figcaption className="mt-6 flex items-center gap-3 border-t border-slate-100 pt-4">
                <Avatar name={story.name} />
                <div className="min-w-0">
                  <p className="font-semibold text-slate-900">{story.name}</p>
                  <p className="truncate text-sm text-slate-500">{story.role}</p>
                </div>
              </figcaption>
            </figure>
          ))}
        </div>
        <div className="mt-16 rounded-3xl bg-slate-900 px-6 py-12 text-center text-white">
          <h2 className="text-2xl font-bold sm:text-3xl">¿Listo para escribir tu historia?</h2>
          <p className="mx-auto mt-3 max-w-xl text-slate-300">Join free, get 3 welcome points and book your first session.</p>
          <Link to="/register" className={buttonClasses('primary', 'lg', 'mt-8')}>
            Join Free
          </Link>
        </div>
      </section>
    </PublicShell>
  );
};
