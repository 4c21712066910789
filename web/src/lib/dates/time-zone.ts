// The browser's time zone, for the sign-in link: no date-fns here, because the page's entry imports it.
/** The browser's IANA time zone, or null where the browser cannot say. */
export const browserTimeZone = (): string | null => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
};
