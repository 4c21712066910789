// ?highlight={sessionId} (document 000 §2, §9): switch to the tab holding the session, scroll to its
// card, ring it for 4 s and remove the parameter. The card is looked for up to 20 times at 400 ms;
// if it never shows, the sessions are reloaded. Lists load 100 per page while highlighting.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { DashboardTab } from '@/lib/session-format';
import { tabOfStatus } from '@/lib/session-format';
import { useSessionLookup } from '../api/dashboard-api';
import { dashboardKeys } from '../api/keys';

export const HIGHLIGHT_TRIES = 20;
export const HIGHLIGHT_INTERVAL_MS = 400;
export const HIGHLIGHT_RING_MS = 4_000;

export const useHighlight = (showTab: (tab: DashboardTab) => void) => {
  const [params, setParams] = useSearchParams();
  const target = params.get('highlight');
  const queryClient = useQueryClient();
  const lookup = useSessionLookup(target);
  const [ringedId, setRingedId] = useState<string | null>(null);
  const [highlightMode, setHighlightMode] = useState(!!target);
  const showTabRef = useRef(showTab);
  showTabRef.current = showTab;

  useEffect(() => {
    if (target) setHighlightMode(true);
  }, [target]);

  const tab = target && lookup.data?.id === target ? tabOfStatus(lookup.data.status) : null;
  useEffect(() => {
    if (tab) showTabRef.current(tab);
  }, [tab]);

  useEffect(() => {
    if (!target) return;
    const removeParam = () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('highlight');
          return next;
        },
        { replace: true },
      );
    let tries = 0;
    const look = (): boolean => {
      const card = document.getElementById(`session-${target}`);
      if (card) {
        card.scrollIntoView({ behavior: 'smooth', block: 'center' });
        setRingedId(target);
        removeParam();
        return true;
      }
      tries += 1;
      if (tries >= HIGHLIGHT_TRIES) {
        void queryClient.invalidateQueries({ queryKey: dashboardKeys.lists });
        removeParam();
        return true;
      }
      return false;
    };
    const timer = setInterval(() => look() && clearInterval(timer), HIGHLIGHT_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [target, setParams, queryClient]);

  useEffect(() => {
    if (!ringedId) return;
    const timer = setTimeout(() => setRingedId(null), HIGHLIGHT_RING_MS);
    return () => clearTimeout(timer);
  }, [ringedId]);

  return { highlightMode, ringedId, endHighlightMode: () => setHighlightMode(false) };
};
