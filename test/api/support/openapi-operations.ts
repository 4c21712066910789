// The API's operations as its OpenAPI document (/api/docs/json) lists them, for tests that must cover
// every route: the fuzz test generates inputs from their schemas, the authorization matrix checks that
// each has a row.

/** The subset of JSON Schema the zod-to-OpenAPI transform writes. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
  additionalProperties?: boolean | JsonSchema;
}

export interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** As documented: /api/sessions/{id}/approve */
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  /** The JSON body's schema; undefined when the operation takes no body. */
  body: JsonSchema | undefined;
  bodyRequired: boolean;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { required?: boolean; content?: Record<string, { schema: JsonSchema }> } }>>;
}

export const fetchOperations = async (baseUrl: string): Promise<Operation[]> => {
  const response = await fetch(`${baseUrl}/api/docs/json`);
  if (response.status !== 200) throw new Error(`/api/docs/json answered ${response.status}`);
  const document = (await response.json()) as OpenApiDocument;
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, spec]) => ({
      method: method.toUpperCase() as Operation['method'],
      path,
      pathParams: (spec.parameters ?? []).filter((p) => p.in === 'path'),
      queryParams: (spec.parameters ?? []).filter((p) => p.in === 'query'),
      body: spec.requestBody?.content?.['application/json']?.schema,
      bodyRequired: spec.requestBody?.required ?? false,
    })),
  );
};

/** "POST /api/sessions/{id}/approve" */
export const operationKey = (operation: Pick<Operation, 'method' | 'path'>) => `${operation.method} ${operation.path}`;

/** Percent-encodes like encodeURIComponent, also a lone surrogate (as the bytes WTF-8 gives it, which no UTF-8 decoder accepts). */
export const encodeComponent = (value: string): string => {
  let out = '';
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff)
      out += `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`.toUpperCase();
    else out += encodeURIComponent(char);
  }
  return out;
};

/** The path with its parameters filled in (encoded). */
export const fillPath = (path: string, params: Record<string, string>): string => path.replace(/\{(\w+)\}/g, (_, name: string) => encodeComponent(params[name] ?? ''));

/** "?a=1&b=x" from the given values (undefined ones left out); '' when none. */
export const queryString = (query: Record<string, string | undefined>): string => {
  const pairs = Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined);
  return pairs.length === 0 ? '' : `?${pairs.map(([k, v]) => `${encodeComponent(k)}=${encodeComponent(v)}`).join('&')}`;
};
