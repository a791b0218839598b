// Which API the TUI talks to: flags > environment > profile (docs/ux.md §1), or the demo. Pure apart
// from reading the config and token files it is told about; the caller passes the environment.
import { readFileSync, statSync, type Stats } from 'node:fs';
import { resolve as resolvePath } from 'node:path';
import { pathReason } from '../store/disk-words.js';
import type { TuiFlags } from './args.js';
import { readCaFile } from './ca-file.js';
import { DEFAULT_PROFILE, configPath, readConfig, requirePrivate, type ConfigFile, type Profile } from './config.js';
import { CliError, UsageError, addSecret } from './errors.js';

type Env = Readonly<Record<string, string | undefined>>;

export interface ResolveContext {
  readonly env: Env;
  /** The home folder for the default config path (tests pass a temp folder). */
  readonly home?: string;
}

export type Resolution =
  | { readonly kind: 'demo'; readonly readOnly: boolean; readonly notice?: string }
  | {
      readonly kind: 'api';
      readonly baseUrl: string;
      readonly token: string;
      /** The profile's name, or the API's host when no profile was used. */
      readonly label: string;
      readonly profile?: string;
      readonly readOnly: boolean;
      readonly notice?: string;
      /** The certificates of --ca-file or of the profile's ca_file (PEM), trusted besides the machine's. */
      readonly extraCa?: string;
      /** Where a login in the TUI (the token rejected) saves its token, and where the token came from, for its message. */
      readonly login: LoginTarget;
    };

/** Where a login inside the TUI saves the new token, as `cdn-tui login` would in this environment. */
export interface LoginTarget {
  /** Where the token in use came from: `--token`, `--token-file FILE`, `CDN_TUI_TOKEN`, `profile "prod"`. */
  readonly tokenFrom: string;
  /** The profile it came from, else the one named (--profile, CDN_TUI_PROFILE), else "default". */
  readonly profile: string;
  /** The config file. */
  readonly path: string;
  /** --ca-file as an absolute path (saved with the token, as login does); a profile's own is kept. */
  readonly caFile?: string;
}

interface Sourced {
  readonly value: string;
  /** Where it came from, for messages: `--base-url`, `CDN_TUI_TOKEN`, `profile "prod"`. */
  readonly from: string;
}

/** The environment a named profile is resolved in: without the connection variables, which would override it. */
export function profileEnv(env: Env): Env {
  const { CDN_TUI_BASE_URL: _url, CDN_TUI_TOKEN: _token, CDN_TUI_PROFILE: _profile, ...rest } = env;
  return rest;
}

export function resolveTui(flags: TuiFlags, ctx: ResolveContext): Resolution {
  const env = (name: string): string | undefined => (ctx.env[name] ? ctx.env[name] : undefined);
  if (flags.demo) {
    const ignored = [
      flags.baseUrl && '--base-url',
      flags.token && '--token',
      flags.tokenFile && '--token-file',
      flags.profile && '--profile',
      flags.caFile && '--ca-file',
    ].filter(Boolean);
    return { kind: 'demo', readOnly: flags.readOnly, ...(ignored.length ? { notice: `--demo: ignored ${ignored.join(', ')}.` } : {}) };
  }

  let baseUrl = first([flags.baseUrl, '--base-url'], [env('CDN_TUI_BASE_URL'), 'CDN_TUI_BASE_URL']);
  let token = first(
    [flags.token, '--token'],
    [flags.tokenFile === undefined ? undefined : readTokenFile(flags.tokenFile), `--token-file ${flags.tokenFile}`],
    [env('CDN_TUI_TOKEN'), 'CDN_TUI_TOKEN'],
  );

  // The profile: named by --profile or CDN_TUI_PROFILE, else the file's default. The file is read
  // only when a profile is named or something is still missing.
  const named = first([flags.profile, '--profile'], [env('CDN_TUI_PROFILE'), 'CDN_TUI_PROFILE']);
  let profileName: string | undefined;
  let profile: Profile | undefined;
  if (named || !baseUrl || !token) {
    const path = configPath(ctx.env, ctx.home);
    const config = readConfig(path);
    if (named) {
      if (!config || !Object.hasOwn(config.profiles, named.value)) throw unknownProfile(named, path, config);
      profile = config.profiles[named.value];
      profileName = named.value;
    } else if (config) {
      const name = config.default ?? (Object.hasOwn(config.profiles, 'default') ? 'default' : undefined);
      if (name !== undefined) {
        if (!Object.hasOwn(config.profiles, name)) {
          throw new CliError(
            `the config file ${path} names "${name}" as its default profile but has no such profile (known: ${known(config)})`,
          );
        }
        profile = config.profiles[name];
        profileName = name;
      }
    }
  }
  const fromProfile = `profile "${profileName}"`;
  const baseFromProfile = !baseUrl && !!profile?.base_url;
  const tokenFromProfile = !token && !!profile?.token;
  baseUrl ??= profile?.base_url ? { value: profile.base_url, from: fromProfile } : undefined;
  token ??= profile?.token ? { value: profile.token, from: fromProfile } : undefined;
  if (token) addSecret(token.value);

  if (!baseUrl && !token) {
    if (profileName !== undefined)
      throw new UsageError(
        `profile "${profileName}" has no base_url and no token (cdn-tui login --profile ${profileName} --base-url URL sets them)`,
      );
    return {
      kind: 'demo',
      readOnly: flags.readOnly,
      notice: 'No API is configured, so this is the demo with sample data (see cdn-tui --help to connect to an API).',
    };
  }
  if (!baseUrl) {
    throw new UsageError(`there is a token (from ${token!.from}) but no base URL; give --base-url URL or set CDN_TUI_BASE_URL`);
  }
  const url = checkBaseUrl(baseUrl);
  if (!token) {
    throw new UsageError(
      profileName !== undefined
        ? `profile "${profileName}" has no token for ${url} (cdn-tui login --profile ${profileName} gets one)`
        : `there is no token for ${url}: give --token, --token-file or CDN_TUI_TOKEN, or save one in a profile with cdn-tui login`,
    );
  }
  if (!/^[\x21-\x7e]+$/.test(token.value))
    throw new UsageError(`the token from ${token.from} contains spaces or characters a token cannot have`);

  const profileUsed = profileName !== undefined && (named !== undefined || baseFromProfile || tokenFromProfile);
  const caFile = first([flags.caFile, '--ca-file'], [profileUsed ? profile?.ca_file : undefined, fromProfile]);
  const extraCa = caFile ? readCaFile(caFile.value, caFile.from) : undefined;
  const login: LoginTarget = {
    tokenFrom: token.from,
    profile: profileUsed ? profileName! : (named?.value ?? DEFAULT_PROFILE),
    path: configPath(ctx.env, ctx.home),
    ...(flags.caFile !== undefined ? { caFile: resolvePath(flags.caFile) } : {}),
  };
  let notice: string | undefined;
  if (tokenFromProfile && !baseFromProfile && profile?.base_url && stripSlash(profile.base_url) !== url) {
    notice = `Using the token of profile "${profileName}" with ${url} (from ${baseUrl.from}).`;
  }
  return {
    kind: 'api',
    baseUrl: url,
    token: token.value,
    label: profileUsed ? profileName! : new URL(url).host,
    ...(profileUsed ? { profile: profileName! } : {}),
    readOnly: flags.readOnly,
    ...(notice ? { notice } : {}),
    ...(extraCa !== undefined ? { extraCa } : {}),
    login,
  };
}

function first(...candidates: Array<[string | undefined, string]>): Sourced | undefined {
  for (const [value, from] of candidates) if (value !== undefined && value !== '') return { value, from };
  return undefined;
}

function known(config: ConfigFile | undefined): string {
  const names = Object.keys(config?.profiles ?? {});
  return names.length ? names.map((n) => `"${n}"`).join(', ') : 'none';
}

function unknownProfile(named: Sourced, path: string, config: ConfigFile | undefined): UsageError {
  const names = Object.keys(config?.profiles ?? {});
  const where = named.from === '--profile' ? '' : ` (from ${named.from})`;
  return new UsageError(
    names.length
      ? `there is no profile "${named.value}"${where} in ${path}; known profiles: ${known(config)}`
      : `there is no profile "${named.value}"${where}: ${path} has no profiles yet (cdn-tui login --profile ${named.value} creates it)`,
  );
}

/** The token of --token-file: the file's text, trimmed. A file others can read is refused, as the config file is. */
export function readTokenFile(path: string): string {
  let text: string;
  let stats: Stats;
  try {
    stats = statSync(path);
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new CliError(`cannot read the token file ${path}: ${pathReason(e, path, 'read')}`);
  }
  const token = text.trim();
  if (token === '') throw new CliError(`the token file ${path} is empty`);
  addSecret(token); // masked from here on, the refusal below included
  // Only a regular file keeps the token for others to find; a pipe (`--token-file <(pass show cdn)`)
  // or /dev/stdin is read once, by us, whatever its mode says.
  if (stats.isFile()) requirePrivate('the token file', path, stats.mode);
  return token;
}

function stripSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** An http(s) URL without credentials, query or fragment; returned without a trailing slash. */
export function checkBaseUrl(base: Sourced): string {
  let url: URL;
  try {
    url = new URL(base.value);
  } catch {
    throw new UsageError(
      `the base URL "${base.value}" (from ${base.from}) is not a URL; expected http://HOST[:PORT] or https://HOST[:PORT]`,
    );
  }
  if (url.username || url.password)
    throw new UsageError(`the base URL from ${base.from} must not carry a user name or password (use a token)`);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`the base URL "${base.value}" (from ${base.from}) must start with http:// or https://`);
  }
  if (url.search || url.hash) throw new UsageError(`the base URL from ${base.from} must not have a query or a fragment`);
  return stripSlash(url.origin + url.pathname);
}
