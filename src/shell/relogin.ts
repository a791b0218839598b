// Logging in again inside the TUI when the API rejects the token (401): POST /tokens on the running
// client, the client switched to the new token, and the token kept for the next start where the
// command line says (`TokenKeeper`: src/cli/login-keeper.ts saves it in the profile, as
// `cdn-tui login` does). Drafts are the store's business and stay as they are.
import { explain, type TokenClient, type TokenResult } from '../api/index.js';
import type { LoginControl, LoginOutcome } from '../app/connection-control.js';
import { errorMessage } from '../util/errors.js';

/** Where a login inside the TUI keeps its token; the command line makes it, as it knows the config file. */
export interface TokenKeeper {
  /** Said above the login form: where the rejected token came from and where a new one goes. */
  readonly note: string;
  /** A password or token that no message may show. */
  secret(text: string): void;
  /** Why POST /tokens gave no token, in one sentence (a wrong password…); undefined: explain() says it. */
  refusal(e: unknown): string | undefined;
  /** Keeps the new token for the next start and says where (`token saved in profile "prod" (expires …)`); throws when it cannot. */
  keep(result: TokenResult, baseUrl: string): string;
}

/** The login of the TUI over its running client; `after` runs once the client sends the new token (the view is read again). */
export function createRelogin(api: TokenClient, keeper: TokenKeeper, after: () => void): LoginControl {
  return {
    title: `Log in again to ${api.baseUrl}`,
    note: keeper.note,
    logIn: async (user, password): Promise<LoginOutcome> => {
      if (user.trim() === '') return { ok: false, problem: 'type the user name first' };
      if (user.includes(':')) return { ok: false, problem: 'a user name cannot contain ":"' };
      keeper.secret(password);
      let result;
      try {
        result = await api.createToken(user, password);
      } catch (e) {
        return { ok: false, problem: keeper.refusal(e) ?? explain(e) };
      }
      keeper.secret(result.token);
      api.setToken(result.token);
      let saved: string;
      try {
        saved = keeper.keep(result, api.baseUrl);
      } catch (e) {
        saved = `this run uses the new token, but it was not saved: ${errorMessage(e)}`;
      }
      after();
      return { ok: true, said: `logged in as ${user}; ${saved}` };
    },
  };
}
