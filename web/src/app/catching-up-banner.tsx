import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { catchingUpTexts } from '@contracts/catching-up';
import { getJson } from '@/lib/http';
import { catchingUpItems, useCatchingUpStore } from '@/lib/catching-up-store';

/** How often the frame asks again while something catches up: the progress moves, and the end shows. */
const FOLLOW_MS = 10_000;

/**
 * One quiet line under the nav bar while a read model the page read is catching up (a new version
 * building: what it shows may be behind): 'Catching up: sessions 42%'. Gone with the first answer that
 * no longer reports it; then the page's reads are asked again, from the new version.
 */
export const CatchingUpBanner = () => {
  const byReadModel = useCatchingUpStore((state) => state.byReadModel);
  const items = useMemo(() => catchingUpItems(byReadModel), [byReadModel]);
  const queryClient = useQueryClient();
  const urls = useMemo(() => [...new Set(items.map((item) => item.url))].join('\n'), [items]);

  // Without a refetch of its own a page may never ask again, and the line would stay.
  useEffect(() => {
    if (!urls) return;
    const timer = setInterval(() => {
      for (const url of urls.split('\n')) getJson(url).catch(() => {});
    }, FOLLOW_MS);
    return () => clearInterval(timer);
  }, [urls]);

  const wasCatchingUp = useRef(false);
  useEffect(() => {
    if (wasCatchingUp.current && items.length === 0) void queryClient.invalidateQueries();
    wasCatchingUp.current = items.length > 0;
  }, [items.length, queryClient]);

  // The status region stays in the page, so a screen reader hears the line when it appears.
  return (
    <div role="status" data-testid="catching-up">
      {items.length > 0 && (
        <p className="border-b border-amber-200 bg-amber-50 px-4 py-1.5 text-center text-sm text-amber-900" data-testid="catching-up-text">
          <span className="font-medium">{catchingUpTexts.banner(items)}</span>
          <span className="hidden sm:inline"> · {catchingUpTexts.explanation}</span>
        </p>
      )}
    </div>
  );
};
