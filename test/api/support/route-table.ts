// Every route the running app has, as "METHOD /path/{param}", read from Fastify's own route tree
// (app.printRoutes): unlike the OpenAPI document it also holds hidden routes (sign-in, sign-out), so a
// route added anywhere shows up here.
import type { FastifyInstance } from 'fastify';

const BRANCH = /^((?:[│ ] {3})*)[├└]── (.*)$/;

/** Routes under /api (the docs' own pages excepted), HEAD left out since Fastify adds one per GET. */
export const apiRoutes = (app: FastifyInstance): string[] => {
  const tree = app.printRoutes({ commonPrefix: false });
  const prefixes: string[] = [];
  const routes = new Set<string>();
  for (const line of tree.split('\n')) {
    const match = BRANCH.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const [, segment = '', methods = ''] = /^(.*?)(?: \(([A-Z, ]+)\))?$/.exec(match[2]!)!;
    const path = (prefixes[depth - 1] ?? '') + segment;
    prefixes[depth] = path;
    prefixes.length = depth + 1;
    if (!path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
    for (const method of methods.split(', ').filter((m) => m && m !== 'HEAD')) {
      routes.add(`${method} ${path.replace(/:(\w+)/g, '{$1}')}`);
    }
  }
  return [...routes].sort();
};
