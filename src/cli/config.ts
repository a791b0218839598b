// The profiles file (docs/ux.md §1): where it is, reading it (a token readable by others is refused),
// and writing it atomically with mode 0600 in a 0700 folder.
import {
  chmodSync,
  closeSync,
  fsyncSync,
  openSync,
  readFileSync,
  realpathSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, isAbsolute, join } from 'node:path';
import { pathReason } from '../store/disk-words.js';
import { codeOf } from '../util/errors.js';
import { makeFolder } from '../util/make-folder.js';
import { CliError } from './errors.js';
import { describeJsonError } from './json-error.js';

export interface Profile {
  readonly base_url?: string;
  readonly token?: string;
  /** A private CA's certificates (PEM file) trusted for this profile's API (login --ca-file). */
  readonly ca_file?: string;
  /** Other keys, kept as they were when the file is written back. */
  readonly [key: string]: unknown;
}

export interface ConfigFile {
  readonly profiles: Readonly<Record<string, Profile>>;
  readonly default?: string;
  /** Other top-level keys, kept as they were when the file is written back. */
  readonly [key: string]: unknown;
}

type Env = Readonly<Record<string, string | undefined>>;

/** The profile `cdn-tui login` saves to when none is named (--profile, CDN_TUI_PROFILE). */
export const DEFAULT_PROFILE = 'default';

/** CDN_TUI_CONFIG, else `$XDG_CONFIG_HOME/cdn-tui/config.json`, else `~/.config/cdn-tui/config.json`. */
export function configPath(env: Env, home: string = homedir()): string {
  if (env.CDN_TUI_CONFIG) return env.CDN_TUI_CONFIG;
  const xdg = env.XDG_CONFIG_HOME;
  const base = xdg && isAbsolute(xdg) ? xdg : join(home, '.config');
  return join(base, 'cdn-tui', 'config.json');
}

/** A path as a shell word (quoted only when it needs to be). */
export function shellWord(path: string): string {
  return /^[\w@%+=:,./-]+$/.test(path) ? path : `'${path.replace(/'/g, `'\\''`)}'`;
}

/**
 * The config file, or undefined when there is none. Throws CliError (exit 1) when it cannot be read,
 * is not valid JSON, has the wrong shape, or holds a token while readable by group or others
 * (unless `allowInsecure`, for `login`, which rewrites it with mode 0600).
 */
export function readConfig(path: string, options: { readonly allowInsecure?: boolean } = {}): ConfigFile | undefined {
  let text: string;
  let mode: number;
  try {
    mode = statSync(path).mode;
    text = readFileSync(path, 'utf8');
  } catch (e) {
    const code = codeOf(e);
    if (code === 'ENOENT') return undefined;
    throw new CliError(`cannot read the config file ${path}: ${pathReason(e, path, 'read')}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new CliError(`the config file ${path} is not valid JSON: ${describeJsonError(text, e)}`);
  }
  const config = checkShape(data, path);
  const holdsToken = Object.values(config.profiles).some((p) => typeof p.token === 'string' && p.token !== '');
  if (holdsToken && !options.allowInsecure) requirePrivate('the config file', path, mode);
  return config;
}

/**
 * Refuses a file that holds a token when its mode lets group or others in: a CliError (exit 1) that
 * names the mode and the chmod that fixes it, never the token. `what` is "the config file", "the
 * token file".
 */
export function requirePrivate(what: string, path: string, mode: number): void {
  if ((mode & 0o077) === 0) return;
  const octal = (mode & 0o777).toString(8).padStart(4, '0');
  throw new CliError(
    `${what} ${path} holds a token but other users can read it (mode ${octal}), so it was not used; "chmod 600 ${shellWord(path)}" fixes that`,
  );
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const PROFILE_KEYS = ['base_url', 'token', 'ca_file'] as const;
const isOptionalString = (v: unknown): v is string | undefined => v === undefined || typeof v === 'string';

function isProfile(p: Record<string, unknown>): p is Profile {
  return PROFILE_KEYS.every((key) => isOptionalString(p[key]));
}

function checkShape(data: unknown, path: string): ConfigFile {
  const bad = (problem: string) => new CliError(`the config file ${path} is malformed: ${problem}`);
  if (!isObject(data))
    throw bad('it must hold a JSON object like {"profiles": {"prod": {"base_url": "…", "token": "…"}}, "default": "prod"}');
  const given = data.profiles ?? {};
  if (!isObject(given)) throw bad('"profiles" must be an object of named profiles');
  const checkProfile = ([name, p]: [string, unknown]): [string, Profile] => {
    if (!isObject(p)) throw bad(`profile "${name}" must be an object with "base_url" and "token"`);
    if (!isProfile(p)) throw bad(`"${PROFILE_KEYS.find((key) => !isOptionalString(p[key]))}" of profile "${name}" must be a string`);
    return [name, p];
  };
  const profiles = Object.fromEntries(Object.entries(given).map(checkProfile));
  const defaultName = data.default;
  if (!isOptionalString(defaultName)) throw bad('"default" must be the name of a profile');
  return { ...data, profiles, ...(defaultName === undefined ? {} : { default: defaultName }) };
}

/** Replaces the file atomically (temp file + fsync + rename), mode 0600; new folders get 0700. */
export function writeConfig(path: string, config: ConfigFile): void {
  let target = path;
  try {
    target = realpathSync(path); // keep a symlinked config a symlink
  } catch {
    // no file yet
  }
  const dir = dirname(target);
  makeFolder(dir, 0o700);
  // Our own folder (…/cdn-tui) is kept private; a folder named by CDN_TUI_CONFIG is left alone.
  if (basename(dir) === 'cdn-tui') {
    const st = statSync(dir);
    if ((st.mode & 0o077) !== 0 && st.uid === process.getuid?.()) chmodSync(dir, 0o700);
  }
  const tmp = join(dir, `.${basename(target)}.tmp-${process.pid}`);
  const fd = openSync(tmp, 'w', 0o600);
  try {
    writeSync(fd, `${JSON.stringify(config, null, 2)}\n`);
    fsyncSync(fd);
  } catch (e) {
    closeSync(fd);
    unlinkSync(tmp);
    throw e;
  }
  closeSync(fd);
  chmodSync(tmp, 0o600);
  renameSync(tmp, target);
}
