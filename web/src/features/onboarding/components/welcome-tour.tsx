// The welcome tour (document 001 §2.9): four slides with Back, 'Skip tour', Next ('Get Started' on the
// last) and dots to jump. It cannot be closed by clicking outside, by Escape or by a close button: only
// 'Skip tour' and 'Get Started' end it, and both record it as seen (decision 155).
import clsx from 'clsx';
import { Bot, Coins, Repeat, Video } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { welcomeTourSlides, welcomeTourTexts as texts, type WelcomeTourIcon } from '@contracts/onboarding';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';

const icons: Record<WelcomeTourIcon, LucideIcon> = { welcome: Repeat, points: Coins, sessions: Video, assistant: Bot };

export const WelcomeTour = ({ onDone }: { onDone: () => void }) => {
  const [index, setIndex] = useState(0);
  const slide = welcomeTourSlides[index]!;
  const last = index === welcomeTourSlides.length - 1;
  const Icon = icons[slide.id];
  return (
    <Dialog open onOpenChange={() => undefined} dismissible={false} title={slide.title} size="sm">
      <div className="flex flex-col items-center text-center" data-testid="welcome-tour" data-slide={index + 1}>
        <span className="flex h-16 w-16 items-center justify-center rounded-2xl bg-gradient-to-br from-brand-500 to-violet-600 text-white shadow-md">
          <Icon className="h-8 w-8" aria-hidden />
        </span>
        <p className="mt-4 text-sm leading-relaxed text-slate-600" aria-live="polite">
          {slide.text}
        </p>
        <div className="mt-5 flex gap-1" role="group" aria-label="Slides">
          {welcomeTourSlides.map((s, i) => (
            // A 24 px target around an 8 px dot (WCAG 2.2 target size).
            <button
              key={s.id}
              type="button"
              onClick={() => setIndex(i)}
              aria-label={texts.goTo(i + 1)}
              aria-current={i === index ? 'step' : undefined}
              className="flex h-6 w-6 items-center justify-center rounded-full focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:outline-none"
              data-testid="welcome-tour-dot"
            >
              <span className={clsx('h-2 rounded-full transition-all', i === index ? 'w-5 bg-brand-600' : 'w-2 bg-slate-300')} />
            </button>
          ))}
        </div>
        <div className="mt-6 flex w-full items-center justify-between gap-2">
          <Button variant="ghost" size="sm" onClick={onDone}>
            {texts.skip}
          </Button>
          <div className="flex gap-2">
            {index > 0 && (
              <Button variant="outline" size="sm" onClick={() => setIndex(index - 1)}>
                {texts.back}
              </Button>
            )}
            <Button size="sm" onClick={() => (last ? onDone() : setIndex(index + 1))} data-autofocus>
              {last ? texts.finish : texts.next}
            </Button>
          </div>
        </div>
      </div>
    </Dialog>
  );
};
