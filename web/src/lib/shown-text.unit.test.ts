import { describe, expect, it } from 'vitest';
import { parseShownJson, withoutDirectionControls } from './shown-text';

const RLO = '\u202E';

describe('text shown without direction controls', () => {
  it('drops the embeddings, overrides and isolates and keeps the marks right-to-left names need', () => {
    expect(withoutDirectionControls(`Eve${RLO}gnp.exe`)).toBe('Evegnp.exe');
    expect(withoutDirectionControls('a\u202Ab\u202Bc\u202Cd\u202De\u2066f\u2067g\u2068h\u2069i')).toBe('abcdefghi');
    expect(withoutDirectionControls('\u05E9\u05E8\u05D4\u200F \u200EAda\u061C')).toBe('\u05E9\u05E8\u05D4\u200F \u200EAda\u061C');
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
