import clsx from 'clsx';
import { CheckCircle2, ChevronRight, Circle, PartyPopper, Rocket, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/ui/button';
import { Card, CardBody, CardHeader } from '@/ui/card';
import { useOnboarding } from '../api/onboarding-api';
import { celebrateOnce, doneCount, isDismissed, onboardingCardView, rememberDismissed, shownSteps } from '../onboarding-steps';

const celebrate = async () => {
  if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
  const { default: confetti } = await import('canvas-confetti');
  void confetti({ particleCount: 140, spread: 75, origin: { y: 0.35 }, disableForReducedMotion: true });
};

export const OnboardingCard = ({ userId }: { userId: string }) => {
  const onboarding = useOnboarding(userId);
  const [dismissed, setDismissed] = useState(() => isDismissed(userId));
  const steps = onboarding.data?.onboardingSteps;
  const assistant = onboarding.data?.assistantAvailable ?? false;
  const shown = shownSteps(assistant);
  const done = steps ? doneCount(steps, assistant) : 0;
  const view = onboardingCardView(onboarding.data, dismissed);
  const complete = onboardingCardView(onboarding.data, false) === 'all-set';

  useEffect(() => {
    celebrateOnce(userId, complete, () => void celebrate());
  }, [complete, userId]);

  const dismiss = () => {
    rememberDismissed(userId);
    setDismissed(true);
  };

  if (view === 'hidden' || !steps) return null;

  if (view === 'all-set') {
    return (
      <Card className="overflow-hidden" data-testid="onboarding-card">
        <div className="flex items-start gap-3 bg-gradient-to-br from-emerald-50 to-brand-50 p-5">
          <span className="rounded-xl bg-white p-2 text-emerald-600 shadow-sm">
            <PartyPopper className="h-5 w-5" />
          </span>
          <div className="min-w-0 flex-1">
            <h2 className="font-semibold text-slate-900">All Set</h2>
            <p className="mt-0.5 text-sm text-slate-600">You finished every step. Enjoy swapping skills!</p>
          </div>
          <Button size="sm" variant="ghost" aria-label="Dismiss" onClick={dismiss} data-testid="dismiss-onboarding">
            <X className="h-4 w-4" />
          </Button>
        </div>
      </Card>
    );
  }

  return (
    <Card data-testid="onboarding-card">
      <CardHeader icon={<Rocket className="h-5 w-5" />} title="Get started" description={`${done} of ${shown.length} steps done`} />
      <CardBody className="space-y-3">
        <div
          className="h-2 overflow-hidden rounded-full bg-slate-100"
          role="progressbar"
          aria-label="Onboarding progress"
          aria-valuemin={0}
          aria-valuemax={shown.length}
          aria-valuenow={done}
        >
          <div className="h-full rounded-full bg-brand-500 transition-[width] duration-500" style={{ width: `${(done / shown.length) * 100}%` }} />
        </div>
        <ul className="space-y-0.5">
          {shown.map((step) => {
            const checked = steps[step.key];
            return (
              <li key={step.key}>
                <Link
                  to={step.to}
                  className={clsx('flex items-center gap-2.5 rounded-lg px-2 py-1.5 text-sm hover:bg-slate-50', checked ? 'text-slate-500' : 'text-slate-700')}
                  data-step={step.key}
                  data-done={checked}
                >
                  {checked ? (
                    <CheckCircle2 className="h-4 w-4 shrink-0 text-emerald-500" aria-label="Done" />
                  ) : (
                    <Circle className="h-4 w-4 shrink-0 text-slate-300" aria-label="To do" />
                  )}
                  <span className={clsx('flex-1', checked && 'line-through')}>{step.label}</span>
                  {!checked && <ChevronRight className="h-4 w-4 text-slate-300" />}
                </Link>
              </li>
            );
          })}
        </ul>
      </CardBody>
    </Card>
  );
};
