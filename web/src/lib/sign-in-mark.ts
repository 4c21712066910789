// Whether this page load follows a trip to the sign-in (issue 19 point 15). The current-user query
// retries a 401 only then, for a cookie that may not be in place yet; a visitor who simply is not
// signed in is sent to the sign-in at once instead of waiting out the retries behind a spinner.

const KEY = 'skillswap.signing-in';
/** A sign-in at a real provider (password, second factor) can take minutes; older marks are stale. */
export const SIGN_IN_MARK_TTL_MS = 10 * 60_000;

/** Read once at start-up and removed, so a reload later does not retry again. */
let arrivedFromSignIn: boolean | undefined;

const storage = (): Storage | null => {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null; // storage disabled: no retries, which only costs the rare cookie race
  }
};

/** Called on the way out to /api/login. */
export const markSigningIn = (now = Date.now()): void => {
  storage()?.setItem(KEY, String(now));
};

export const isFreshMark = (mark: string | null, now: number): boolean => {
  const at = Number(mark);
  return mark !== null && Number.isFinite(at) && now - at >= 0 && now - at <= SIGN_IN_MARK_TTL_MS;
};

export const cameFromSignIn = (now = Date.now()): boolean => {
  if (arrivedFromSignIn === undefined) {
    const store = storage();
    arrivedFromSignIn = isFreshMark(store?.getItem(KEY) ?? null, now);
    store?.removeItem(KEY);
  }
  return arrivedFromSignIn;
};

/** How many times a 401 from /api/user is asked again: only right after a sign-in. */
export const UNAUTHORIZED_RETRIES_AFTER_SIGN_IN = 3;

export const retryUnauthorized = (failureCount: number, afterSignIn: boolean): boolean => afterSignIn && failureCount < UNAUTHORIZED_RETRIES_AFTER_SIGN_IN;
