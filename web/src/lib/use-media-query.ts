// Whether a CSS media query matches now, re-rendering when it starts or stops matching (a layout that
// switches from a table to cards, a list whose rows change height). False on the server.
import { useSyncExternalStore } from 'react';

export const useMediaQuery = (query: string): boolean =>
  useSyncExternalStore(
    (changed) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
