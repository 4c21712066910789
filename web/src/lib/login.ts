// Sign-in and sign-out are full-page navigations: the server owns the OpenID Connect flow and the
// session cookie, so the client never handles tokens.
import { browserTimeZone } from './dates/time-zone';
import { markSigningIn } from './sign-in-mark';

export { markSigningIn };
import { SIGN_OUT_EVERYWHERE_PATH, signOutTexts } from '@contracts/sign-out';
import { ApiError, sendJson } from './http';
import { toast } from './toast-store';

/** The browser's time zone goes along so a new member's profile starts in the right zone. */
export const loginUrl = (returnTo?: string): string => {
  const params = new URLSearchParams();
  if (returnTo && returnTo !== '/') params.set('returnTo', returnTo);
  const timeZone = typeof window === 'undefined' ? null : browserTimeZone();
  if (timeZone) params.set('timeZone', timeZone);
  const query = params.toString();
  return query ? `/api/login?${query}` : '/api/login';
};

export const goToLogin = (returnTo?: string): void => {
  markSigningIn();
  window.location.assign(loginUrl(returnTo));
};

export const logout = (): void => {
  window.location.assign('/api/logout');
};

/** Ends every session of the member (other browsers and devices too), then leaves like a sign-out. */
export const logoutEverywhere = async (): Promise<void> => {
  try {
    await sendJson(SIGN_OUT_EVERYWHERE_PATH);
    window.location.assign('/');
  } catch (error) {
    toast.error(signOutTexts.everywhereFailed, error instanceof ApiError ? (error.serverMessage ?? error.message) : undefined);
  }
};

export const currentPath = (): string => `${window.location.pathname}${window.location.search}${window.location.hash}`;
