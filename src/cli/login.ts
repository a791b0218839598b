// `cdn-tui login`: asks the user name and the password (no echo), gets a token with POST /tokens
// and saves it in a profile of the config file (0600 in a 0700 folder, atomic replace).
import { isatty } from 'node:tty';
import { resolve } from 'node:path';
import { ApiError, ClientError, NetworkError, createApiClient, type TokenResult, explain, createDispatcher } from '../api/index.js';
import { readCaFile } from './ca-file.js';
import { pathReason } from '../store/disk-words.js';
import { errorMessage } from '../util/errors.js';
import type { LoginFlags } from './args.js';
import { DEFAULT_PROFILE, configPath, readConfig, writeConfig, type ConfigFile } from './config.js';
import { CliError, EXIT, UsageError, addSecret } from './errors.js';
import { readAllStdin, ttyPrompter } from './prompt.js';
import { checkBaseUrl } from './resolve.js';

export { DEFAULT_PROFILE };

export async function loginCommand(flags: LoginFlags, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const profileName = flags.profile ?? (env.CDN_TUI_PROFILE || DEFAULT_PROFILE);
  const path = configPath(env);
  // Read first: a malformed file is reported, never overwritten. A file readable by others is
  // accepted here because it is rewritten with mode 0600.
  const config = readConfig(path, { allowInsecure: true });
  const existing = config && Object.hasOwn(config.profiles, profileName) ? config.profiles[profileName] : undefined;
  const base =
    flags.baseUrl !== undefined
      ? { value: flags.baseUrl, from: '--base-url' }
      : env.CDN_TUI_BASE_URL
        ? { value: env.CDN_TUI_BASE_URL, from: 'CDN_TUI_BASE_URL' }
        : existing?.base_url
          ? { value: existing.base_url, from: `profile "${profileName}"` }
          : undefined;
  if (!base) throw new UsageError(`which API? give --base-url URL (profile "${profileName}" has none yet)`);
  const baseUrl = checkBaseUrl(base);
  if (flags.user !== undefined && flags.user.includes(':')) throw new UsageError('a user name cannot contain ":"');

  // --ca-file is saved in the profile (as an absolute path); without it, the profile's is used.
  const caFile =
    flags.caFile !== undefined
      ? { value: resolve(flags.caFile), from: '--ca-file' }
      : existing?.ca_file
        ? { value: existing.ca_file, from: `profile "${profileName}"` }
        : undefined;
  const extraCa = caFile ? readCaFile(caFile.value, caFile.from) : undefined;

  const { user, password } = flags.passwordStdin ? await credentialsFromPipe(flags.user) : await credentialsFromTerminal(flags.user);
  addSecret(password);

  const result = await requestToken(baseUrl, user, password, extraCa);
  addSecret(result.token);
  try {
    saveLogin(path, profileName, { baseUrl, token: result.token, ...(caFile ? { caFile: caFile.value } : {}) });
  } catch (e) {
    throw new CliError(`got a token but ${errorMessage(e)}`);
  }
  process.stdout.write(
    `Logged in to ${baseUrl} as ${user}; token saved to profile "${profileName}" (expires ${formatDate(result.expires_at)}).\n`,
  );
  return EXIT.ok;
}

/** What a login saves in a profile: the API, its new token, and a private CA's file (absolute path) when one was given. */
export interface SavedLogin {
  readonly baseUrl: string;
  readonly token: string;
  readonly caFile?: string;
}

/**
 * Saves a new token in profile `profileName` of the config file at `path`, for `cdn-tui login` and
 * a login inside the TUI alike: the profile's other keys kept, its base_url and token (and ca_file,
 * when given) set, the file's default set to it when there is none; read again just before (a
 * malformed file is reported, never overwritten), replaced atomically with mode 0600. Throws
 * CliError when the file cannot be read or written (`cannot write the config file PATH: no permission`).
 */
export function saveLogin(path: string, profileName: string, login: SavedLogin): void {
  const config = readConfig(path, { allowInsecure: true });
  const existing = config && Object.hasOwn(config.profiles, profileName) ? config.profiles[profileName] : undefined;
  const profile = {
    ...existing,
    base_url: login.baseUrl,
    token: login.token,
    ...(login.caFile !== undefined ? { ca_file: login.caFile } : {}),
  };
  const next: ConfigFile = {
    ...config,
    profiles: { ...(config?.profiles ?? {}), [profileName]: profile },
    default: config?.default ?? profileName,
  };
  try {
    writeConfig(path, next);
  } catch (e) {
    throw new CliError(`cannot write the config file ${path}: ${pathReason(e, path, 'write')}`);
  }
}

/** Why POST /tokens gave no token, in one sentence (a connection that failed: the TUI's sentence); undefined for a failure that is not the API's. */
export function loginRefusal(e: unknown): string | undefined {
  if (e instanceof ApiError && (e.status === 401 || e.status === 403)) return 'the API refused the user name or password';
  if (e instanceof NetworkError) return explain(e);
  if (e instanceof ClientError) return e.message;
  return undefined;
}

async function credentialsFromTerminal(givenUser: string | undefined): Promise<{ user: string; password: string }> {
  if (!isatty(0)) {
    throw new UsageError(
      'needs a terminal to ask the password without echo (try ssh -t), or pipe the password in with --user NAME --password-stdin',
    );
  }
  const prompter = ttyPrompter(process.stdin, process.stderr);
  try {
    let user = givenUser;
    while (user === undefined || user === '') {
      user = (await prompter.ask('User name: ', { echo: true })).trim();
      if (user.includes(':')) {
        process.stderr.write('A user name cannot contain ":".\n');
        user = undefined;
      }
    }
    const password = await prompter.ask('Password: ', { echo: false });
    return { user, password };
  } finally {
    prompter.close();
  }
}

async function credentialsFromPipe(user: string | undefined): Promise<{ user: string; password: string }> {
  if (user === undefined) throw new UsageError('--password-stdin needs --user NAME');
  if (isatty(0))
    throw new UsageError('--password-stdin reads the password from a pipe; on a terminal leave it out to be asked without echo');
  const password = await readAllStdin();
  if (password === '') throw new UsageError('--password-stdin: stdin was empty');
  return { user, password };
}

async function requestToken(baseUrl: string, user: string, password: string, extraCa: string | undefined): Promise<TokenResult> {
  const agent = await createDispatcher({ connections: 1, connectMs: 10_000, ...(extraCa !== undefined ? { extraCa } : {}) });
  const client = createApiClient({ baseUrl, token: '', dispatcher: agent, timeouts: { connect: 10_000, headers: 20_000, body: 20_000 } });
  try {
    return await client.createToken(user, password);
  } catch (e) {
    const refusal = loginRefusal(e);
    throw refusal === undefined ? e : new CliError(refusal);
  } finally {
    await agent.close().catch(() => undefined);
  }
}

/** `2025-01-31 14:05 UTC` from the API's ISO date (as given when it does not parse). */
export function formatDate(iso: string): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  return `${new Date(t).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
