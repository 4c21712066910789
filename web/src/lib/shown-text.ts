// What the client shows of other members' text, with the direction controls dropped (decision
// 187). Dropped where JSON enters the client (the request helpers, the websocket) rather than at
// each of the many places a name, skill, post, comment or message is rendered: no screen can forget
// it, and what a member reads then follows the Unicode bidi algorithm alone, which cannot reverse or
// reorder the page's own words around a name. The escaped form (\u202E in the JSON) is caught too.
//
// The controls are written here again rather than imported from the domain's list (whose contract, members,
// lazy pages import too): shared by the entry and those pages, that one module became a script of its own on
// every page's first screen. The unit test holds the two lists equal.
export const SHOWN_DIRECTION_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;

/** The text without direction controls (as it reads with the Unicode bidi algorithm alone). */
export const withoutDirectionControls = (text: string): string => text.replace(/[\u202A-\u202E\u2066-\u2069]/g, '');

const ESCAPED_CONTROL = /\\u20(?:2[a-eA-E]|6[6-9])/;

/** JSON.parse, with every string (keys included) free of direction controls; the common case costs one scan. */
export const parseShownJson = (text: string): unknown => {
  if (!SHOWN_DIRECTION_CONTROLS.test(text) && !ESCAPED_CONTROL.test(text)) return JSON.parse(text);
  const clean = (value: unknown): unknown => {
    if (typeof value === 'string') return withoutDirectionControls(value);
    if (Array.isArray(value)) return value.map(clean);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [withoutDirectionControls(key), clean(item)]));
    return value;
  };
  return clean(JSON.parse(text));
};
