// oidc-provider keeps each request's context in one AsyncLocalStorage (lib/helpers/als.js). On Node 20
// an AsyncLocalStorage that has run stays enabled, and while one is enabled Node calls a hook for every
// promise the process creates: after the first development sign-in every request of the app paid for
// it (about a tenth of the server's CPU under the booking bench). So the store is disabled whenever no
// provider request is in flight; its next run() enables it again. Only the development provider is
// concerned: a deployment with a real OIDC issuer never loads oidc-provider.
import type { IncomingMessage, ServerResponse } from 'node:http';

interface Disableable {
  disable(): void;
}

let store: Disableable | null = null;
let inFlight = 0;

/** Loads the provider's store once; call before wrapping handlers. */
export const loadProviderContext = async (): Promise<void> => {
  store ??= (await import('oidc-provider/lib/helpers/als.js')).default;
};

/** The provider's request handler, with its context store disabled again once no request is left. */
export const releasingContext =
  (handler: (req: IncomingMessage, res: ServerResponse) => void) =>
  (req: IncomingMessage, res: ServerResponse): void => {
    inFlight += 1;
    res.once('close', () => {
      inFlight -= 1;
      if (inFlight === 0) store?.disable();
    });
    handler(req, res);
  };
