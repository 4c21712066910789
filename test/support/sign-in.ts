// Signs in through the real flow (/api/login -> development provider -> /api/callback), following
// redirects by hand with a cookie jar, and returns a small client that carries the session.
import { CookieJar } from './cookie-jar.js';

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface ApiClient {
  memberId: string;
  email: string;
  /** The Cookie header to send (e.g. on a websocket). */
  cookie: string;
  jar: CookieJar;
  get<T = any>(path: string): Promise<ApiResponse<T>>;
  post<T = any>(path: string, body?: unknown): Promise<ApiResponse<T>>;
  put<T = any>(path: string, body?: unknown): Promise<ApiResponse<T>>;
  patch<T = any>(path: string, body?: unknown): Promise<ApiResponse<T>>;
  delete<T = any>(path: string, body?: unknown): Promise<ApiResponse<T>>;
}

export interface SignInFlowOptions {
  email: string;
  /** With a name the sign-in form is filled in and posted; without, login_hint skips the form. */
  name?: string;
  /** The fields to post on the provider's own form instead (an outside provider: login and password). */
  fields?: Record<string, string>;
  returnTo?: string;
  jar?: CookieJar;
}

export interface SignInFlowResult {
  /** Where the flow ended: '/feed', returnTo, '/account-exists' or '/auth-error?message=...'. */
  location: string;
  jar: CookieJar;
}

const MAX_HOPS = 12;

const absolute = (base: string, location: string) => new URL(location, base).href;

export const signInFlow = async (baseUrl: string, opts: SignInFlowOptions): Promise<SignInFlowResult> => {
  const jar = opts.jar ?? new CookieJar();
  const origin = new URL(baseUrl).origin;
  const query = new URLSearchParams();
  if (!opts.name && !opts.fields) query.set('login_hint', opts.email);
  if (opts.returnTo) query.set('returnTo', opts.returnTo);
  let url = `${baseUrl}/api/login?${query}`;
  let init: RequestInit = { method: 'GET' };

  for (let hop = 0; hop < MAX_HOPS; hop++) {
    const response = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as object), cookie: jar.header() } });
    jar.store(response);
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      const next = absolute(url, location);
      const path = new URL(next).pathname;
      // Leaving the server's auth paths means the flow is over; the page itself is the client's.
      if (new URL(next).origin === origin && !path.startsWith('/api/') && !path.startsWith('/oidc/')) {
        return { location: next.slice(origin.length), jar };
      }
      url = next;
      init = { method: 'GET' };
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (response.status !== 200 || !action || !(opts.name || opts.fields)) {
      throw new Error(`Sign-in stopped at ${url} with status ${response.status}: ${html.slice(0, 300)}`);
    }
    url = absolute(url, action.replaceAll('&amp;', '&'));
    init = {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(opts.fields ?? { email: opts.email, name: opts.name! }).toString(),
    };
  }
  throw new Error(`Sign-in did not finish within ${MAX_HOPS} redirects`);
};

/** Sends JSON with the session cookie and, like a browser, the page's Origin on writes. */
export const createApiClient = (baseUrl: string, jar: CookieJar) => {
  const origin = new URL(baseUrl).origin;
  return async <T>(method: string, path: string, body?: unknown): Promise<ApiResponse<T>> => {
    const headers: Record<string, string> = { cookie: jar.header() };
    if (method !== 'GET') headers.origin = origin;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
    });
    jar.store(response);
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: leave the text
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  };
};

export const signIn = async (baseUrl: string, email: string, name?: string): Promise<ApiClient> => {
  const { location, jar } = await signInFlow(baseUrl, { email, name });
  if (!location.startsWith('/feed')) throw new Error(`Sign-in of ${email} ended at ${location}`);
  const request = createApiClient(baseUrl, jar);
  const me = await request<{ id: string; email: string }>('GET', '/api/user');
  if (me.status !== 200) throw new Error(`Signed in as ${email} but /api/user answered ${me.status}`);
  return {
    memberId: me.body.id,
    email: me.body.email,
    get cookie() {
      return jar.header();
    },
    jar,
    get: (path) => request('GET', path),
    post: (path, body) => request('POST', path, body),
    put: (path, body) => request('PUT', path, body),
    patch: (path, body) => request('PATCH', path, body),
    delete: (path, body) => request('DELETE', path, body),
  };
};
