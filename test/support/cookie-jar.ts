// A minimal cookie jar for scripted clients: one origin, names only (paths and domains are not
// needed against a single test server), honours deletion by Max-Age=0 or a past Expires.
export class CookieJar {
  private readonly cookies = new Map<string, string>();
  private readonly lines = new Map<string, string>();

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair!.indexOf('=');
      if (eq < 1) continue;
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attributes.some((a) => {
        const [key, val = ''] = a.trim().split('=');
        if (key!.toLowerCase() === 'max-age') return Number(val) <= 0;
        if (key!.toLowerCase() === 'expires') return Date.parse(val) <= Date.now();
        return false;
      });
      this.lines.set(name, line);
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** The last Set-Cookie line for this name, attributes included. */
  setCookieLine(name: string): string | undefined {
    return this.lines.get(name);
  }

  /** Every cookie held, as name and value (e.g. to hand the session to a browser). */
  entries(): [name: string, value: string][] {
    return [...this.cookies];
  }

  /** The Cookie request header. */
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}
