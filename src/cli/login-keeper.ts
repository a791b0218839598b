// Where a login inside the TUI keeps the new token (shell/relogin.ts asks): in the profile that
// resolve.ts names for it (`LoginTarget`), saved as `cdn-tui login` saves it (login.ts); the
// password and the token are kept out of every message the command line prints (errors.ts).
import type { TokenKeeper } from '../shell/relogin.js';
import { addSecret } from './errors.js';
import { formatDate, loginRefusal, saveLogin } from './login.js';
import type { LoginTarget } from './resolve.js';

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

/** The keeper of a TUI's new token: the profile `target` names, in its config file. */
export function loginKeeper(target: LoginTarget): TokenKeeper {
  return {
    note: loginNote(target),
    secret: addSecret,
    refusal: loginRefusal,
    keep: (result, baseUrl) => {
      saveLogin(target.path, target.profile, {
        baseUrl,
        token: result.token,
        ...(target.caFile !== undefined ? { caFile: target.caFile } : {}),
      });
      return `token saved in profile "${target.profile}" (expires ${formatDate(result.expires_at)})`;
    },
  };
}
