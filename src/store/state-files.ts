// Where the app keeps its state: the state folder, and one file per API in it (the drafts journal,
// the history of sent changes) or in the cache folder (the kept lists), named by a hash of the API's URL.
import { homedir } from 'node:os';
import { join } from 'node:path';
import { sha256Hex } from '../util/sha256.js';

/** `$XDG_STATE_HOME/cdn-tui` (default `~/.local/state/cdn-tui`). */
export function stateDir(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_STATE_HOME && env.XDG_STATE_HOME.startsWith('/') ? env.XDG_STATE_HOME : join(homedir(), '.local', 'state');
  return join(base, 'cdn-tui');
}

/** The hash of an API's URL that names its state files (16 hex digits). */
export function apiHash(baseUrl: string): string {
  return sha256Hex(baseUrl.replace(/\/+$/, '')).slice(0, 16);
}

/** `<dir>/<what>-<hash of the API's URL>.json`: a state file per API (profile). */
export function apiStateFile(dir: string, what: string, baseUrl: string): string {
  return join(dir, `${what}-${apiHash(baseUrl)}.json`);
}
