import { useEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';

/**
 * Whether the element has come near the viewport yet (and stays true after). Lists of up to 100
 * cards use it to load each card's extras only when someone can see them.
 */
export const useSeen = <T extends Element>(margin = '300px'): [RefObject<T | null>, boolean] => {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setSeen(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setSeen(true);
          observer.disconnect();
        }
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen, margin]);
  return [ref, seen];
};
