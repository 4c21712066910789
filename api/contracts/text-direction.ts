// The controls names refuse (domain/text-direction.ts), for the web client's test that what it drops
// from the text it shows is the same list (web/src/lib/shown-text.ts).
export { DIRECTION_CONTROLS, withoutDirectionControls } from '../../domain/text-direction.js';
