// The header's name alone, for the client's shared http layer: the parsing and texts (catching-up.ts)
// stay in the signed-in frame's chunk, out of the landing page's.

/** Response header of a route whose read models are rebuilding at a new version, e.g. `sessions;done=1200;total=50000`. */
export const CATCHING_UP_HEADER = 'SkillSwap-Catching-Up';
