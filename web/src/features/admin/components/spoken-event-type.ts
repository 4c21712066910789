// An event type as words for the admin's lists (SessionRequested -> 'Session requested'); the type itself
// stays in the element's title for whoever searches the log for it.
export const spokenEventType = (type: string): string =>
  type
    .replace(/(?<=[a-z])(?=[A-Z])/g, ' ')
    .toLowerCase()
    .replace(/^./, (c) => c.toUpperCase());
