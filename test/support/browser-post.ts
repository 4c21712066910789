// A JSON POST as a desktop browser sends it (the origin the CSRF check wants, a user agent isbot lets
// through), for the routes that leave bots out: the analytics batch and the telemetry batch.
export const BROWSER_USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

export const postAsBrowser = async <B>(
  serverUrl: string,
  path: string,
  body: unknown,
  options: { userAgent?: string; cookie?: string } = {},
): Promise<{ status: number; body: B }> => {
  const response = await fetch(`${serverUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: new URL(serverUrl).origin,
      'user-agent': options.userAgent ?? BROWSER_USER_AGENT,
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as B };
};
