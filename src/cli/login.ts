// `cdn-tui login`: asks the user name and the password (no echo), gets a token with POST /tokens
// and saves it in a profile of the config file (0600 in a 0700 folder, atomic replace).
import { isatty } from 'node:tty';
import { resolve } from 'node:path';
import { ApiError, ClientError, NetworkError, createApiClient, type TokenResult } from '../api/index.js';
import { explain } from '../api/explain.js';
import { createDispatcher } from '../api/dispatcher.js';
import { readCaFile } from './ca-file.js';
import { codeOf, errorMessage } from '../util/errors.js';
import type { LoginFlags } from './args.js';
import { configPath, readConfig, writeConfig, type ConfigFile } from './config.js';
import { CliError, EXIT, UsageError, addSecret } from './errors.js';
import { readAllStdin, ttyPrompter } from './prompt.js';
import { checkBaseUrl } from './resolve.js';

export const DEFAULT_PROFILE = 'default';

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
  const caFile = flags.caFile !== undefined ? { value: resolve(flags.caFile), from: '--ca-file' } : existing?.ca_file ? { value: existing.ca_file, from: `profile "${profileName}"` } : undefined;
  const extraCa = caFile ? readCaFile(caFile.value, caFile.from) : undefined;

  const { user, password } = flags.passwordStdin ? await credentialsFromPipe(flags.user) : await credentialsFromTerminal(flags.user);
  addSecret(password);

  const result = await requestToken(baseUrl, user, password, extraCa);
  addSecret(result.token);
  const profiles = { ...(config?.profiles ?? {}), [profileName]: { ...existing, base_url: baseUrl, token: result.token, ...(caFile ? { ca_file: caFile.value } : {}) } };
  const next: ConfigFile = { ...config, profiles, default: config?.default ?? profileName };
  try {
    writeConfig(path, next);
  } catch (e) {
    throw new CliError(`got a token but cannot write ${path} (${codeOf(e) ?? errorMessage(e)})`);
  }
  process.stdout.write(`Logged in to ${baseUrl} as ${user}; token saved to profile "${profileName}" (expires ${formatDate(result.expires_at)}).\n`);
  return EXIT.ok;
}

async function credentialsFromTerminal(givenUser: string | undefined): Promise<{ user: string; password: string }> {
  if (!isatty(0)) {
    throw new UsageError('needs a terminal to ask the password without echo (try ssh -t), or pipe the password in with --user NAME --password-stdin');
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
  if (isatty(0)) throw new UsageError('--password-stdin reads the password from a pipe; on a terminal leave it out to be asked without echo');
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
    if (e instanceof ApiError && (e.status === 401 || e.status === 403)) throw new CliError('the API refused the user name or password');
    // A connection that failed (refused, a certificate, a proxy) gets the TUI's sentence for it.
    if (e instanceof NetworkError) throw new CliError(explain(e));
    if (e instanceof ClientError) throw new CliError(e.message);
    throw e;
  } finally {
    await agent.close().catch(() => undefined);
  }
}

/** `2025-01-31 14:05 UTC` from the API's ISO date (as given when it does not parse). */
function formatDate(iso: string): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  return `${new Date(t).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
