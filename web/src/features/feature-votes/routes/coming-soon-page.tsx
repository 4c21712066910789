// /coming-soon (spec 002 §2): a banner and the three features offered for voting.
import { Sparkles } from 'lucide-react';
import { FEATURES } from '@contracts/feature-votes';
import { useDocumentTitle } from '@/lib/use-document-title';
import { FeatureCard } from '../components/feature-card';

export const ComingSoonPage = () => {
  useDocumentTitle('Coming Soon');
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <section className="rounded-2xl bg-gradient-to-r from-brand-600 to-violet-600 px-6 py-8 text-white shadow-sm sm:px-8" data-testid="coming-soon-banner">
        <p className="inline-flex items-center gap-2 rounded-full bg-white/15 px-3 py-1 text-xs font-semibold tracking-wide uppercase">
          <Sparkles className="h-4 w-4" aria-hidden /> Coming soon
        </p>
        <h1 className="mt-3 text-2xl font-bold tracking-tight sm:text-3xl">Help us choose what we build next</h1>
        <p className="mt-2 max-w-2xl text-white/90">
          Vote on the features below and tell us what you think in their discussions. Every member has one vote per feature, and you can change it at any time.
        </p>
      </section>
      <div className="grid items-start gap-6 lg:grid-cols-3">
        {FEATURES.map((feature) => (
          <FeatureCard key={feature.id} feature={feature} />
        ))}
      </div>
    </div>
  );
};
