import { describe, expect, it } from 'vitest';
import { DIRECTION_CONTROLS } from '@contracts/text-direction';
import { parseShownJson, SHOWN_DIRECTION_CONTROLS, withoutDirectionControls } from './shown-text';

const RLO = '\u202E';

describe('text shown without direction controls', () => {
  it('drops the embeddings, overrides and isolates and keeps the marks right-to-left names need', () => {
    expect(withoutDirectionControls(`Eve${RLO}gnp.exe`)).toBe('Evegnp.exe');
    expect(withoutDirectionControls('a\u202Ab\u202Bc\u202Cd\u202De\u2066f\u2067g\u2068h\u2069i')).toBe('abcdefghi');
    expect(withoutDirectionControls('\u05E9\u05E8\u05D4\u200F \u200EAda\u061C')).toBe('\u05E9\u05E8\u05D4\u200F \u200EAda\u061C');
  });

  it('drops exactly the controls that names refuse', () => {
    for (let code = 0x2000; code <= 0x206f; code += 1) {
      const char = String.fromCharCode(code);
      expect([code.toString(16), SHOWN_DIRECTION_CONTROLS.test(char)]).toEqual([code.toString(16), DIRECTION_CONTROLS.test(char)]);
      expect(withoutDirectionControls(char) === '').toBe(DIRECTION_CONTROLS.test(char));
    }
  });

  it('reads JSON with every string free of them, raw or escaped, nested and in keys', () => {
    const body = JSON.stringify({ name: `Mallory${RLO} liked`, list: [{ content: `x\u2067y` }], [`k${RLO}`]: 1, n: 5, ok: true, none: null });
    expect(parseShownJson(body)).toEqual({ name: 'Mallory liked', list: [{ content: 'xy' }], k: 1, n: 5, ok: true, none: null });
    expect(parseShownJson('{"name":"Eve\\u202egnp.exe","other":"\\u2066x"}')).toEqual({ name: 'Evegnp.exe', other: 'x' });
  });

  it('leaves JSON without them as JSON.parse reads it', () => {
    const body = JSON.stringify({ name: 'Zoë Łukasz', emoji: 'Carol 🎨 Chen', escaped: 'a\\u2028b' });
    expect(parseShownJson(body)).toEqual(JSON.parse(body));
  });
});
