// The capture's chunk loads once the first page is drawn (main.tsx); a member who clicks on before it
// arrives would lose the landing page's view and the navigation from it. This small recorder, in the entry
// chunk, notes every path from the start until the capture takes over, which replays them in order.

/** What the capture needs of the router: its location now and a call on each change. */
export interface PathSource {
  state: { location: { pathname: string } };
  subscribe: (listener: (state: { location: { pathname: string } }) => void) => () => void;
}

export interface EarlyPaths {
  /** The paths seen so far, the landing one first, each with the time it was reached. */
  seen: { pathname: string; at: number }[];
  /** Stops recording: the capture's own subscription follows from here. */
  stop: () => void;
}

export const keepEarlyPaths = (router: PathSource, now: () => number = Date.now): EarlyPaths => {
  const seen = [{ pathname: router.state.location.pathname, at: now() }];
  const stop = router.subscribe((state) => {
    seen.push({ pathname: state.location.pathname, at: now() });
  });
  return { seen, stop };
};
