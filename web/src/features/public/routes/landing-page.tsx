import { ArrowRight, BadgeCheck, BarChart3, Bot, CalendarClock, Coins, GraduationCap, Library, MessagesSquare, Sparkles, Star, Zap } from 'lucide-react';
import { Link } from 'react-router';
import { loginUrl, markSigningIn } from '@/lib/login';
import { useDocumentTitle } from '@/lib/use-document-title';
import { buttonClasses } from '@/ui/button';
import { PublicShell } from '@/ui/public-shell';
import { SectionHeading } from '../components/section-heading';

const pointSteps = [
  { icon: Sparkles, title: 'Start with 3 points', text: 'Every new member receives a welcome bonus of 3 points: enough for your first lessons.' },
  { icon: GraduationCap, title: 'Teach to earn', text: 'One hour taught earns 1 point. Set your own points-per-hour price for each skill.' },
  { icon: Coins, title: 'Learn to spend', text: 'One hour learned costs 1 point. Points are held when you book and move to your mentor when the session is done.' },
];

const features = [
  { icon: CalendarClock, title: 'One-to-one sessions', text: 'Book a mentor from their weekly availability; the video-call link is created for you.' },
  { icon: MessagesSquare, title: 'Community feed', text: 'Post what you are stuck on, get help from peers, and offer help to earn points.' },
  { icon: Bot, title: 'The S brain', text: 'Mention our AI assistant in any comment for an instant first answer.' },
  { icon: Star, title: 'Honest reviews', text: 'Mentees rate every completed session, so good mentors stand out.' },
];

const ideas = [
  { icon: BadgeCheck, title: 'Premium instructor badges' },
  { icon: BarChart3, title: 'Advanced analytics' },
  { icon: Zap, title: 'Priority booking' },
  { icon: Library, title: 'Recorded session library' },
];

export const LandingPage = () => {
  useDocumentTitle(null);
  return (
    <PublicShell>
      <section className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white">
        <div className="mx-auto max-w-6xl px-4 pt-16 pb-20 text-center sm:px-6 sm:pt-24">
          <p className="mx-auto inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-700 shadow-sm ring-1 ring-brand-100">
            <Sparkles className="h-4 w-4" /> Free during our MVP phase
          </p>
          <h1 className="mx-auto mt-6 max-w-3xl text-4xl font-extrabold tracking-tight text-slate-900 sm:text-6xl">
            Teach what you know. <span className="text-brand-600">Learn what you need.</span>
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600">
            SkillSwap is where tech professionals trade skills one-to-one. No money changes hands: you pay for lessons with points you earn by teaching.
          </p>
          <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <a href={loginUrl('/feed')} onClick={() => markSigningIn()} className={buttonClasses('primary', 'lg')} data-testid="landing-sign-in">
              Get started free <ArrowRight className="h-5 w-5" />
            </a>
            <Link to="/success-stories" className={buttonClasses('outline', 'lg')}>
              Read success stories
            </Link>
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-16 sm:px-6" aria-labelledby="points-heading">
        <SectionHeading id="points-heading" eyebrow="How points work" title="A fair exchange: one hour for one point" />
        <ol className="mt-10 grid gap-6 md:grid-cols-3">
          {pointSteps.map((step, index) => (
            <li key={step.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <div className="flex items-center gap-3">
                <span className="flex h-10 w-10 items-center justify-center rounded-xl bg-amber-50 text-amber-700">
                  <step.icon className="h-5 w-5" />
                </span>
                <span className="text-sm font-semibold text-slate-500">Step {index + 1}</span>
              </div>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{step.title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="bg-slate-50 py-16" aria-labelledby="features-heading">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <SectionHeading id="features-heading" eyebrow="Features" title="Everything you need to learn from peers" />
          <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {features.map((feature) => (
              <div key={feature.title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                <feature.icon className="h-6 w-6 text-brand-600" />
                <h3 className="mt-4 font-semibold text-slate-900">{feature.title}</h3>
                <p className="mt-2 text-sm leading-6 text-slate-600">{feature.text}</p>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-16 sm:px-6" aria-labelledby="future-heading">
        <SectionHeading
          id="future-heading"
          eyebrow="Free today"
          title="Ideas for later"
          text="SkillSwap is free while we build it with our community. In the future we may offer optional extras:"
        />
        <ul className="mx-auto mt-10 grid max-w-4xl gap-4 sm:grid-cols-2">
          {ideas.map((idea) => (
            <li key={idea.title} className="flex items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white px-5 py-4">
              <idea.icon className="h-5 w-5 shrink-0 text-brand-600" />
              <span className="font-medium text-slate-800">{idea.title}</span>
            </li>
          ))}
        </ul>
      </section>

      <section className="px-4 pb-20 sm:px-6">
        <div className="mx-auto max-w-4xl rounded-3xl bg-brand-600 px-6 py-12 text-center text-white shadow-lg sm:px-12">
          <h2 className="text-3xl font-bold tracking-tight">Your first 3 points are waiting</h2>
          <p className="mx-auto mt-3 max-w-xl text-brand-100">Sign in, list a skill you can teach, and book your first session today.</p>
          <a href={loginUrl('/feed')} onClick={() => markSigningIn()} className={buttonClasses('inverse', 'lg', 'mt-8')}>
            Sign in to SkillSwap <ArrowRight className="h-5 w-5" />
          </a>
        </div>
      </section>
    </PublicShell>
  );
};
