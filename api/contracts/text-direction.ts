// What the client shares with the server about text direction: the controls names refuse and the
// web client drops from what it shows (domain/text-direction.ts). Nothing else, so the client's core
// can import it without the profile's rules.
export { DIRECTION_CONTROLS, withoutDirectionControls } from '../../domain/text-direction.js';
