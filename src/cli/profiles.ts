// The profiles the TUI can switch to (docs/ux.md §8): the config file's, and the API it started on when
// that was not one of them (flags, environment, the demo). Opening one resolves it as
// `cdn-tui --profile NAME` would (its own base URL, token and CA; the flags' bounds, --read-only
// and --no-cache kept) and opens a session of its own: API client and rate-limit budget, journal,
// history, kept lists, stores.
import type { TuiOptions } from '../app/options.js';
import type { ProfileEntry, ProfileSource } from '../app/profiles.js';
import { errorMessage } from '../util/errors.js';
import type { TuiFlags } from './args.js';
import { boundsOf, clientOptionsOf } from './client-options.js';
import { loginKeeper } from './login-keeper.js';
import { configPath, readConfig } from './config.js';
import { profileEnv, resolveTui, type Resolution } from './resolve.js';
import { openSession, type SessionOptions } from '../shell/session.js';

type Env = Readonly<Record<string, string | undefined>>;

/** The session options of an API the command line resolved. */
export function apiSessionOptions(
  resolved: Extract<Resolution, { kind: 'api' }>,
  flags: TuiFlags,
  stateDir: string,
  keepDir: string | undefined,
): SessionOptions {
  const bounds = boundsOf(flags);
  const extraCa = resolved.extraCa !== undefined ? { extraCa: resolved.extraCa } : {};
  return {
    baseUrl: resolved.baseUrl,
    token: resolved.token,
    label: resolved.label,
    demo: false,
    readOnly: resolved.readOnly,
    stateDir,
    ...(flags.noCache || keepDir === undefined ? {} : { keepDir }),
    ...(resolved.notice ? { notice: resolved.notice } : {}),
    client: clientOptionsOf({ baseUrl: resolved.baseUrl, token: resolved.token, ...extraCa, ...bounds }),
    login: loginKeeper(resolved.login),
    ...bounds,
  };
}

/**
 * The profiles of the config file of `env`, for a TUI whose first session is `first` (its
 * options). `keepDir`: where lists are kept (none with --no-cache).
 */
export function profileSource(
  flags: TuiFlags,
  env: Env,
  first: TuiOptions,
  firstProfile: string | undefined,
  keepDir: string | undefined,
): ProfileSource {
  const path = configPath(env);
  const firstName = firstProfile ?? first.label;
  let listed: { entries: readonly ProfileEntry[]; problem?: string } | undefined;
  return {
    first: firstName,
    path,
    list: () => {
      // Read once, when first asked (the palette): the file is small, but the palette draws often.
      if (listed) return listed;
      const startedOn: ProfileEntry = { name: firstName, baseUrl: first.demo ? 'the demo' : first.baseUrl };
      try {
        const config = readConfig(path);
        const names = Object.keys(config?.profiles ?? {});
        const entries = names.map((name): ProfileEntry => {
          const url = config?.profiles[name]?.base_url;
          return { name, ...(url ? { baseUrl: url } : {}) };
        });
        listed = { entries: firstProfile === undefined && names.length ? [startedOn, ...entries] : entries };
      } catch (e) {
        listed = { entries: [startedOn], problem: errorMessage(e) };
      }
      return listed;
    },
    open: (name) => {
      const resolved = resolveTui(
        { readOnly: flags.readOnly, demo: false, profile: name, ...boundsOf(flags), ...(flags.noCache ? { noCache: true } : {}) },
        { env: profileEnv(env) },
      );
      // A profile with neither URL nor token resolves to an error above; the demo is never a profile.
      if (resolved.kind !== 'api') throw new Error(`profile "${name}" has no base_url and no token`);
      const options = apiSessionOptions(resolved, flags, first.stateDir, keepDir);
      return { options, session: openSession(options) };
    },
  };
}
