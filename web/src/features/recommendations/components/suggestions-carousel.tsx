import clsx from 'clsx';
import { ChevronLeft, ChevronRight, Compass, Handshake, Lightbulb, Newspaper } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { Suggestion } from '@contracts/dashboard';
import { Card } from '@/ui/card';
import { useSuggestions } from '../api/recommendations-api';

export const ROTATE_MS = 10_000;

const looks: Record<Suggestion['type'], { icon: LucideIcon; label: string; tone: string }> = {
  skill_match: { icon: Compass, label: 'Skill match', tone: 'bg-brand-50 text-brand-700' },
  helper_match: { icon: Handshake, label: 'Someone to help', tone: 'bg-emerald-50 text-emerald-700' },
  industry_news: { icon: Newspaper, label: 'Industry news', tone: 'bg-sky-50 text-sky-700' },
  next_skill: { icon: Lightbulb, label: 'Next skill', tone: 'bg-amber-50 text-amber-800' },
};

/** Document 001 §7: rotates every 10 s with a 300 ms slide; pauses while hovered or focused. */
export const SuggestionsCarousel = ({ userId }: { userId: string }) => {
  const suggestions = useSuggestions(userId);
  const items = suggestions.data ?? [];
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = items.length;
  const current = count ? index % count : 0;

  useEffect(() => {
    if (count < 2 || paused) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), ROTATE_MS);
    return () => clearInterval(timer);
  }, [count, paused]);

  if (count === 0) return null;
  const go = (next: number) => setIndex((next + count) % count);

  return (
    <Card
      className="overflow-hidden"
      role="region"
      aria-roledescription="carousel"
      aria-label="Suggestions for you"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      data-testid="suggestions-carousel"
    >
      <div className="overflow-hidden">
        <div className="flex transition-transform duration-300 ease-out motion-reduce:transition-none" style={{ transform: `translateX(-${current * 100}%)` }}>
          {items.map((s, i) => {
            const look = looks[s.type] ?? looks.industry_news;
            const Icon = look.icon;
            return (
              <div
                key={`${s.type}-${i}`}
                className="w-full shrink-0 p-5"
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${count}`}
                aria-hidden={i !== current}
              >
                <span className={clsx('inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-medium', look.tone)}>
                  <Icon className="h-3.5 w-3.5" /> {look.label}
                </span>
                <h3 className="mt-3 font-semibold text-slate-900">{s.title}</h3>
                <p className="mt-1 text-sm leading-6 text-slate-600">{s.description}</p>
              </div>
            );
          })}
        </div>
      </div>
      {count > 1 && (
        <div className="flex items-center justify-between border-t border-slate-100 px-3 py-2">
          <button
            type="button"
            onClick={() => go(current - 1)}
            aria-label="Previous suggestion"
            className="rounded-full p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-700"
          >
            <ChevronLeft className="h-4 w-4" />
          </button>
          {/* The dot is 8 px to see but its button is 24 px to hit (WCAG 2.5.8 target size). */}
          <div className="flex">
            {items.map((_, i) => (
              <button
                key={i}
                type="button"
                onClick={() => go(i)}
                aria-label={`Show suggestion ${i + 1}`}
                aria-current={i === current || undefined}
                className="group flex h-6 min-w-6 items-center justify-center rounded-full px-1 focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:outline-none"
                data-testid="carousel-dot"
              >
                <span className={clsx('h-2 rounded-full transition-all', i === current ? 'w-5 bg-brand-500' : 'w-2 bg-slate-400 group-hover:bg-slate-500')} />
              </button>
            ))}
          </div>
          <button
            type="button"
            onClick={() => go(current + 1)}
            aria-label="Next suggestion"
            className="rounded-full p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-700"
          >
            <ChevronRight className="h-4 w-4" />
          </button>
        </div>
      )}
    </Card>
  );
};
