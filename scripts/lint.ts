// Project rules a type checker cannot see (run by `npm run lint` after tsc):
// - domain/ stays pure: no imports from outside domain/, no clock, no id generation;
// - nothing imports from api/ or web/ except their own code (web may import *types* from api/contracts);
// - no focused or skipped tests.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const roots = ['domain', 'eventstore', 'commands', 'projections', 'api', 'web/src', 'test', 'bench', 'scripts'];
const files: string[] = [];
const walk = (dir: string) => {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist') continue;
    if (statSync(path).isDirectory()) walk(path);
    else if (/\.(ts|tsx)$/.test(name)) files.push(path);
  }
};
for (const root of roots) {
  try {
    walk(root);
  } catch {
    // a root that does not exist yet has nothing to check
  }
}

const problems: string[] = [];
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const isTest = /\.test\.tsx?$/.test(file);
  const imports = [...text.matchAll(/^\s*import\s+(type\s+)?[^'"]*from\s+['"]([^'"]+)['"]/gm)].map((m) => ({
    typeOnly: Boolean(m[1]),
    spec: m[2]!,
  }));
  if (file.startsWith('domain/') && !isTest) {
    for (const { spec } of imports) {
      if (!spec.startsWith('.')) continue;
      const target = relative('.', join(file, '..', spec));
      if (!target.startsWith('domain')) problems.push(`${file}: domain/ imports ${spec}`);
    }
    if (/Date\.now\(\)|new Date\(\)|randomUUID\(|Math\.random\(/.test(text)) {
      problems.push(`${file}: domain/ must not read the clock or make ids (they arrive on the command)`);
    }
  }
  // Entry points (tests, benches, scripts) may import the server; web/ and projections/ may import
  // *types* from api/contracts (the response shapes), which carries no runtime dependency.
  const entryPoint = ['api/', 'test/', 'bench/', 'scripts/'].some((p) => file.startsWith(p));
  if (!entryPoint) {
    for (const { spec, typeOnly } of imports) {
      if (!spec.startsWith('.')) continue;
      const target = relative('.', join(file, '..', spec));
      if (target.startsWith('api') && !(typeOnly && target.startsWith('api/contracts'))) problems.push(`${file}: imports ${spec} from api/`);
      if (target.startsWith('web') && !file.startsWith('web/')) problems.push(`${file}: imports ${spec} from web/`);
    }
  }
  if (isTest && /\b(it|test|describe)\.(only|skip|todo)\(|\bx(it|describe)\(/.test(text)) {
    problems.push(`${file}: focused, skipped or todo test`);
  }
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(`${problems.length} problem(s)`);
  process.exit(1);
}
console.log(`lint: ${files.length} files checked, no problems`);
