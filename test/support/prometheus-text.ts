// A strict parser of the Prometheus text exposition format 0.0.4 (prometheus.io/docs/instrumenting/
// exposition_formats): every line is a `# HELP`, a `# TYPE`, a comment, blank, or a sample
// `name{label="value",...} value [timestamp]`; each family's TYPE comes before its samples and once; a
// sample's name is its family's, or with _bucket / _sum / _count for a histogram. Throws on the first
// line that breaks a rule, naming it.

export interface PromSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface PromFamily {
  name: string;
  type: 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';
  help: string;
  samples: PromSample[];
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

const parseValue = (text: string, line: number): number => {
  if (text === '+Inf') return Infinity;
  if (text === '-Inf') return -Infinity;
  if (text === 'NaN') return NaN;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) throw new Error(`line ${line}: '${text}' is not a number`);
  return Number(text);
};

/** Reads `{a="x",b="y"}` from `text` at the opening brace; answers the labels and where they end. */
const parseLabels = (text: string, start: number, line: number): { labels: Record<string, string>; end: number } => {
  const labels: Record<string, string> = {};
  let i = start + 1;
  for (;;) {
    if (text[i] === '}') return { labels, end: i + 1 };
    const eq = text.indexOf('=', i);
    if (eq < 0) throw new Error(`line ${line}: a label without '='`);
    const name = text.slice(i, eq);
    if (!LABEL_NAME.test(name)) throw new Error(`line ${line}: bad label name '${name}'`);
    if (name in labels) throw new Error(`line ${line}: label '${name}' twice`);
    if (text[eq + 1] !== '"') throw new Error(`line ${line}: label '${name}' not quoted`);
    let value = '';
    let j = eq + 2;
    for (;;) {
      const c = text[j];
      if (c === undefined || c === '\n') throw new Error(`line ${line}: unterminated label value`);
      if (c === '"') break;
      if (c === '\\') {
        const next = text[j + 1];
        if (next === 'n') value += '\n';
        else if (next === '\\' || next === '"') value += next;
        else throw new Error(`line ${line}: bad escape '\\${next}'`);
        j += 2;
      } else {
        value += c;
        j += 1;
      }
    }
    labels[name] = value;
    i = j + 1;
    if (text[i] === ',') i += 1;
    else if (text[i] !== '}') throw new Error(`line ${line}: expected ',' or '}' after label '${name}'`);
  }
};

const familyOf = (families: Map<string, PromFamily>, sample: string): PromFamily | undefined => {
  const exact = families.get(sample);
  if (exact) return exact;
  for (const suffix of ['_bucket', '_sum', '_count', '_total', '_created']) {
    if (!sample.endsWith(suffix)) continue;
    const family = families.get(sample.slice(0, -suffix.length));
    if (family && (family.type === 'histogram' || family.type === 'summary' || suffix === '_total')) return family;
  }
  return undefined;
};

export const parsePrometheusText = (text: string): Map<string, PromFamily> => {
  const families = new Map<string, PromFamily>();
  const helps = new Map<string, string>();
  if (text.length > 0 && !text.endsWith('\n')) throw new Error('the exposition must end with a line feed');
  text.split('\n').forEach((raw, index) => {
    const line = index + 1;
    if (raw === '') return;
    if (raw.startsWith('#')) {
      const m = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(raw);
      if (!m) return; // a plain comment
      const [, keyword, name, rest] = m as unknown as [string, string, string, string];
      if (!NAME.test(name)) throw new Error(`line ${line}: bad metric name '${name}'`);
      if (keyword === 'HELP') {
        if (helps.has(name)) throw new Error(`line ${line}: second HELP for ${name}`);
        helps.set(name, rest);
        const family = families.get(name);
        if (family) family.help = rest;
        return;
      }
      if (!TYPES.has(rest)) throw new Error(`line ${line}: unknown type '${rest}'`);
      if (families.has(name)) throw new Error(`line ${line}: second TYPE for ${name}`);
      families.set(name, { name, type: rest as PromFamily['type'], help: helps.get(name) ?? '', samples: [] });
      return;
    }
    const nameEnd = raw.search(/[{ ]/);
    if (nameEnd <= 0) throw new Error(`line ${line}: not a sample: '${raw}'`);
    const name = raw.slice(0, nameEnd);
    if (!NAME.test(name)) throw new Error(`line ${line}: bad metric name '${name}'`);
    let rest = raw.slice(nameEnd);
    let labels: Record<string, string> = {};
    if (rest.startsWith('{')) {
      const parsed = parseLabels(raw, nameEnd, line);
      labels = parsed.labels;
      rest = raw.slice(parsed.end);
    }
    const parts = rest.trim().split(/\s+/);
    if (!rest.startsWith(' ') || parts.length < 1 || parts.length > 2) throw new Error(`line ${line}: expected ' value [timestamp]'`);
    const value = parseValue(parts[0]!, line);
    if (parts[1] !== undefined && !/^-?\d+$/.test(parts[1])) throw new Error(`line ${line}: bad timestamp '${parts[1]}'`);
    const family = familyOf(families, name);
    if (!family) throw new Error(`line ${line}: sample ${name} before its TYPE`);
    if (family.type === 'histogram' && name === `${family.name}_bucket` && labels.le === undefined) throw new Error(`line ${line}: bucket without le`);
    family.samples.push({ name, labels, value });
  });
  return families;
};
