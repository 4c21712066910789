// fast-check arbitraries for the fuzz test: values a route's JSON Schema allows, mixed with the inputs
// that broke routes before (issue 19 points 3 and 6): NUL, lone surrogates, huge strings, wrong types,
// odd dates and times, prototype keys, numbers at the edges.
import fc from 'fast-check';
import type { JsonSchema } from './openapi-operations.js';

const oddDates = ['2026-02-30', '2026-13-01', '0000-00-00', '9999-12-31', '1970-01-01', '2026-12-08T25:00', '2026-W50', 'someday', 'yesterday'];
const oddTimes = ['24:00', '23:60', '-01:00', '9:5', '10:00:00.000Z', '10:00+14:00', '12 PM', 'noon'];
const oddInstants = ['2026-12-08T10:00:00.000Z', '2026-12-08T10:00:00+99:00', '+275760-09-13T00:00:00.000Z', '1e21', '0', 'Invalid Date'];

/** Strings that have crashed or confused routes: control characters, half emoji, paths, huge ones. */
export const hostileString = (): fc.Arbitrary<string> =>
  fc.oneof(
    fc.constantFrom(
      '\u0000',
      'a\u0000b',
      '\ud800',
      'x\udfff',
      '\ud83d',
      '',
      ' ',
      '\u202e\u200b',
      '😀'.repeat(50),
      '../../../etc/passwd',
      '%00',
      "'; drop table members; --",
      '__proto__',
      'constructor',
      'prototype',
      'toString',
      'null',
      'undefined',
      'NaN',
      '-1',
      '1e309',
      '00000000-0000-0000-0000-000000000000',
      ...oddDates,
      ...oddTimes,
      ...oddInstants,
    ),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.nat({ max: 3 }).map((n) => 'x'.repeat([1_000, 10_000, 20_000, 70_000][n]!)),
  );

/** Any JSON value of the wrong shape, prototype keys included. */
export const wrongJson = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.constantFrom(null, true, false, 0, -1, -0, 1.5, 2 ** 53 + 1, -(2 ** 63), 1e308, [], {}, [null], { __proto__: { admin: true } }),
    fc.constant(JSON.parse('{"__proto__": {"isAdmin": true}}') as unknown),
    fc.constant({ constructor: { prototype: { isAdmin: true } } }),
    hostileString(),
    fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 3 }),
    fc.dictionary(fc.oneof(hostileString(), fc.constantFrom('__proto__', 'constructor')), fc.anything({ maxDepth: 1 }), { maxKeys: 3 }),
  );

const types = (schema: JsonSchema): string[] => (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []);

/** A value the schema allows (mostly), by its type, enum, bounds and pattern's common cases. */
export const fromSchema = (schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> => {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => fromSchema(s, depth)));
  if (schema.allOf?.length) return fromSchema(Object.assign({}, ...schema.allOf) as JsonSchema, depth);
  const [type] = types(schema);
  switch (type) {
    case 'string':
      if (schema.pattern?.includes('\\d{4}-\\d{2}-\\d{2}')) return fc.constantFrom('2026-12-08', '2026-12-09', ...oddDates);
      if (schema.pattern?.includes(':')) return fc.constantFrom('09:00', '10:00', '16:30', ...oddTimes);
      return fc.oneof(
        fc.constantFrom('10:00', '2026-12-08', 'Hello', 'TypeScript', 'UTC', 'Europe/Berlin'),
        fc.string({ minLength: schema.minLength ?? 0, maxLength: 12 }),
      );
    case 'integer':
      return fc.integer({ min: Math.max(schema.minimum ?? -10, -1e6), max: Math.min(schema.maximum ?? 100, 1e6) });
    case 'number':
      return fc.oneof(fc.constantFrom(0.75, 1, 1.5, 2), fc.double({ min: -10, max: 100, noNaN: true }));
    case 'boolean':
      return fc.boolean();
    case 'array':
      return depth > 3 ? fc.constant([]) : fc.array(fromSchema(schema.items ?? {}, depth + 1), { maxLength: 3 });
    case 'object':
      return depth > 3 ? fc.constant({}) : objectFromSchema(schema, depth + 1);
    default:
      return fc.anything({ maxDepth: 1 });
  }
};

/** A value for the schema, or now and then a hostile one in its place. */
export const valueFor = (schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> =>
  fc.oneof({ arbitrary: fromSchema(schema, depth), weight: 3 }, { arbitrary: hostileString(), weight: 1 }, { arbitrary: wrongJson(), weight: 1 });

/** An object with some of the schema's properties (required ones usually there) and now and then a stray or prototype key. */
export const objectFromSchema = (schema: JsonSchema, depth = 0): fc.Arbitrary<Record<string, unknown>> => {
  const properties = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const fields = properties.map(([name, inner]) =>
    fc
      .oneof({ arbitrary: fc.constant(undefined), weight: required.has(name) ? 1 : 3 }, { arbitrary: valueFor(inner, depth), weight: 4 })
      .map((value) => [name, value] as const),
  );
  const extra = fc.option(fc.tuple(fc.constantFrom('__proto__', 'constructor', 'student_id', 'isAdmin', 'memberId', 'user_id'), wrongJson()), { freq: 4 });
  return fc.tuple(fc.tuple(...fields), extra).map(([pairs, stray]) => {
    // JSON.parse makes __proto__ an own key, as it is on the wire; a literal would set the prototype.
    const object = JSON.parse('{}') as Record<string, unknown>;
    for (const [name, value] of pairs) if (value !== undefined) object[name] = value;
    if (stray) Object.defineProperty(object, stray[0], { value: stray[1], enumerable: true, configurable: true, writable: true });
    return object;
  });
};

/** A path or query value: a known id (so validation reaches deeper), a schema value or a hostile string. */
export const paramValue = (schema: JsonSchema, knownIds: readonly string[]): fc.Arbitrary<string> =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...knownIds), weight: 3 },
    { arbitrary: fromSchema(schema).map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))), weight: 2 },
    { arbitrary: hostileString(), weight: 2 },
  );
