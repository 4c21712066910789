// The development provider's sign-in page: a plain, accessible form (no scripts, so the strict
// CSP applies unchanged). Any e-mail signs in; it is a stand-in for a real identity provider and says
// so at the top (issue 19 point 2).
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const layout = (title: string, body: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · SkillSwap</title>
<style>
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f4f6fb; color: #1f2937; }
  main { width: min(92vw, 380px); background: #fff; border-radius: 16px; padding: 32px; box-shadow: 0 10px 30px rgba(15, 23, 42, .08); }
  h1 { margin: 0 0 4px; font-size: 1.5rem; }
  p.lead { margin: 0 0 24px; color: #6b7280; font-size: .95rem; }
  label { display: block; font-weight: 600; font-size: .9rem; margin: 16px 0 6px; }
  input { box-sizing: border-box; width: 100%; padding: 10px 12px; border: 1px solid #d1d5db; border-radius: 10px; font-size: 1rem; }
  input:focus { outline: 2px solid #6366f1; outline-offset: 1px; border-color: #6366f1; }
  button { margin-top: 24px; width: 100%; padding: 11px; border: 0; border-radius: 10px; background: #4f46e5; color: #fff; font-size: 1rem; font-weight: 600; cursor: pointer; }
  button:hover { background: #4338ca; }
  .error { margin: 0 0 8px; padding: 10px 12px; border-radius: 10px; background: #fef2f2; color: #b91c1c; font-size: .9rem; }
  .dev { margin: 0 0 16px; padding: 10px 12px; border-radius: 10px; background: #fffbeb; color: #92400e; font-size: .9rem; border: 1px solid #fcd34d; }
  .note { margin: 20px 0 0; color: #6b7280; font-size: .8rem; text-align: center; }
  a { color: #4f46e5; }
</style>
</head>
<body><main>${body}</main></body>
</html>`;

export const signInPage = (opts: { action: string; email?: string; name?: string; error?: string }) =>
  layout(
    'Sign in',
    `<h1>Sign in to SkillSwap</h1>
<p class="dev" role="note"><strong>For development only.</strong> This built-in sign-in lets anyone sign in as any e-mail address, an admin's included; a real site signs in through its OpenID Connect provider.</p>
<p class="lead">Enter any e-mail address.</p>
${opts.error ? `<p class="error" role="alert">${escapeHtml(opts.error)}</p>` : ''}
<form method="post" action="${escapeHtml(opts.action)}" novalidate>
  <label for="email">E-mail</label>
  <input id="email" name="email" type="email" autocomplete="email" required autofocus value="${escapeHtml(opts.email ?? '')}">
  <label for="name">Name</label>
  <input id="name" name="name" type="text" autocomplete="name" maxlength="100" placeholder="Optional" value="${escapeHtml(opts.name ?? '')}">
  <button type="submit">Sign in</button>
</form>
<p class="note">Built-in development provider (on because PUBLIC_URL is a loopback address or DEV_SIGN_IN=true). Set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET for a real one.</p>`,
  );

export const messagePage = (title: string, message: string, link?: { href: string; text: string }) =>
  layout(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p class="lead">${escapeHtml(message)}</p>
${link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>` : ''}`,
  );
