// Logging in again inside the TUI when the API rejects the token (401): POST /tokens on the running
// client, the new token saved to the profile as `cdn-tui login` saves it (login.ts), and the
// client switched to it. Drafts are the store's business and stay as they are.
import { type TokenClient, explain } from '../api/index.js';
import type { LoginControl, LoginOutcome } from '../app/connection-control.js';
import { addSecret } from './errors.js';
import { formatDate, loginRefusal, saveLogin } from './login.js';
import type { LoginTarget } from './resolve.js';
import { errorMessage } from '../util/errors.js';

/**
 * Where the token came from, and where a login here saves the new one. A token given on the
 * command line or in the environment is not the profile's: this run switches to the new token,
 * but the next start takes the same flag or variable again, so the note says so.
 */
export function loginNote(target: LoginTarget): string {
  const profile = `profile "${target.profile}"`;
  if (target.tokenFrom === profile)
    return `The API rejected the token of ${profile} (401: expired or revoked). Log in to get a new one: it is saved in ${profile}.`;
  return (
    `The API rejected the token given by ${target.tokenFrom} (401). Logging in here saves a new token in ${profile} (${target.path}) ` +
    `and this run switches to it; a new start with ${target.tokenFrom} still sends the old one.`
  );
}

/** The login of the TUI over its running client; `after` runs once the client sends the new token (the view is read again). */
export function createRelogin(api: TokenClient, target: LoginTarget, after: () => void): LoginControl {
  return {
    title: `Log in again to ${api.baseUrl}`,
    note: loginNote(target),
    logIn: async (user, password): Promise<LoginOutcome> => {
      if (user.trim() === '') return { ok: false, problem: 'type the user name first' };
      if (user.includes(':')) return { ok: false, problem: 'a user name cannot contain ":"' };
      addSecret(password);
      let result;
      try {
        result = await api.createToken(user, password);
      } catch (e) {
        return { ok: false, problem: loginRefusal(e) ?? explain(e) };
      }
      addSecret(result.token);
      api.setToken(result.token);
      let saved: string;
      try {
        saveLogin(target.path, target.profile, {
          baseUrl: api.baseUrl,
          token: result.token,
          ...(target.caFile !== undefined ? { caFile: target.caFile } : {}),
        });
        saved = `token saved in profile "${target.profile}" (expires ${formatDate(result.expires_at)})`;
      } catch (e) {
        saved = `this run uses the new token, but it was not saved: ${errorMessage(e)}`;
      }
      after();
      return { ok: true, said: `logged in as ${user}; ${saved}` };
    },
  };
}
