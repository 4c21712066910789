// An OpenID Connect provider in a process of its own, standing in for a real one (Keycloak, Auth0...)
// in tests of the production sign-in path: oidc-provider on its own port with one registered
// confidential client (secret, PKCE required, code flow) and a few accounts with passwords, some of
// whose e-mails are not verified. Like most providers with the default settings, it puts e-mail claims
// in userinfo rather than the ID token. Configured by OUTSIDE_ISSUER (JSON) in the environment; prints
// `{"issuer": ...}` on stdout once it listens. Run with `node --import tsx`.
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Provider from 'oidc-provider';

export interface OutsideAccount {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string;
  password: string;
}

export interface OutsideIssuerSettings {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  accounts: OutsideAccount[];
}

const settings = JSON.parse(process.env.OUTSIDE_ISSUER ?? '{}') as OutsideIssuerSettings;
const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const readForm = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
};
const page = (res: ServerResponse, status: number, body: string) => {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><title>Outside sign-in</title>${body}`);
};
const loginForm = (uid: string, error = '') =>
  `${error ? `<p role="alert">${escape(error)}</p>` : ''}<form method="post" action="/interaction/${escape(uid)}/login">` +
  `<input name="login" type="email"><input name="password" type="password"><button>Sign in</button></form>`;

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
let provider: Provider;

const server = createServer((req, res) => {
  const interaction = /^\/interaction\/([^/?]+)(\/login)?/.exec(req.url ?? '');
  if (!interaction) return provider.callback()(req, res);
  void (async () => {
    const details = await provider.interactionDetails(req, res).catch(() => null);
    if (!details || details.uid !== interaction[1]) return page(res, 400, '<p>This sign-in expired.</p>');
    if (!interaction[2]) return page(res, 200, loginForm(details.uid));
    const form = await readForm(req);
    const account = settings.accounts.find((a) => a.email === form.get('login') && a.password === form.get('password'));
    if (!account) return page(res, 400, loginForm(details.uid, 'Wrong e-mail or password.'));
    await provider.interactionFinished(req, res, { login: { accountId: account.sub } }, { mergeWithLastSubmission: false });
  })().catch((error: unknown) => page(res, 500, `<p>${escape(String(error))}</p>`));
});

server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  const issuer = `http://127.0.0.1:${port}`;
  provider = new Provider(issuer, {
    clients: [
      {
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
        redirect_uris: [settings.redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), alg: 'RS256', use: 'sig' }] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    scopes: ['openid', 'email', 'profile'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: async (_ctx: unknown, sub: string) => {
      const account = settings.accounts.find((a) => a.sub === sub);
      if (!account) return undefined;
      return { accountId: sub, claims: async () => ({ sub, email: account.email, email_verified: account.emailVerified, name: account.name }) };
    },
    // The app is this provider's own first-party client: consent is implied, as a real deployment sets it up.
    loadExistingGrant: async (ctx: { oidc: { client: { clientId: string }; session: { accountId: string } } }) => {
      const grant = new provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  process.stdout.write(`${JSON.stringify({ issuer })}\n`);
});

process.on('SIGTERM', () => server.close(() => process.exit(0)));
