// A click while the previous one's request is still in flight is ignored (document 000 §5, skill likes).
// A flag set synchronously, unlike a mutation's isPending, which two clicks in one frame both read as false.
export type SingleFlight = <T>(run: () => Promise<T>) => Promise<T> | null;

/** Runs `run` unless a previous run has not settled yet; then returns null and runs nothing. */
export const createSingleFlight = (): SingleFlight => {
  let inFlight = false;
  return (run) => {
    if (inFlight) return null;
    inFlight = true;
    return run().finally(() => {
      inFlight = false;
    });
  };
};
