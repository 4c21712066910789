// Who signed in, from the ID token and, where it is silent, the userinfo endpoint. The e-mail counts as
// verified only when the same source that gave it says `email_verified: true` (DESIGN.md §6): an ID token
// without the claim (oidc-provider's default, for one) sends us to userinfo, and a userinfo answer about
// another address says nothing about this one.
import { client } from './oidc-client.js';

export interface SignedInIdentity {
  issuer: string;
  sub: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : undefined);

export const readSignInClaims = async (config: client.Configuration, tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>): Promise<SignedInIdentity> => {
  const claims = tokens.claims()!;
  let email = text(claims.email);
  let verified: unknown = email === undefined ? undefined : claims.email_verified;
  let name = text(claims.name);
  if (email === undefined || typeof verified !== 'boolean') {
    const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
    const infoEmail = text(info.email);
    if (email === undefined || infoEmail === email) {
      email = infoEmail;
      verified = info.email_verified;
    }
    name ??= text(info.name);
  }
  return { issuer: claims.iss, sub: claims.sub, email: email || undefined, emailVerified: verified === true, name };
};
