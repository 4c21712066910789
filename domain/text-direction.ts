// Unicode's explicit direction controls: the embeddings and overrides (U+202A-202E) and the isolates
// (U+2066-2069). In a name they make it read as other text (a U+202E reverses what follows it, the
// page's own words included), so names refuse them and the web client drops them from everything it
// shows (decision 187). The marks U+200E/200F and U+061C change no order but their neighbours'
// and stay allowed: right-to-left names need them.
export const DIRECTION_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;

/** The text without direction controls (as it reads with the Unicode bidi algorithm alone). */
export const withoutDirectionControls = (text: string): string => text.replace(/[\u202A-\u202E\u2066-\u2069]/g, '');
