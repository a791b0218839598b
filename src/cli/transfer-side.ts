// A side of `cdn-tui diff A B` and the target of `cdn-tui apply FILE --to T`: a configuration
// `[PROFILE:]ID|NAME` (in another profile of the config file, or the connection of the flags,
// environment and default profile), or an exported file (`-`: standard input).
//   `prod:shop`  configuration "shop" of profile prod     `prod:1528252734`  by id
//   `shop`, `:a:b` (a name with a colon) the default connection    `x.json`, `./x`, `-`  a file
// A name that matches two configurations is bad usage naming both ids; a side that cannot be read
// (a missing file, no such configuration, the API unreachable) exits 4.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createApiClient, type ApiClient, explain } from '../api/index.js';
import { pathReason } from '../store/disk-words.js';
import { parseExport, type ExportFile } from '../transfer/format.js';
import { exportConfiguration } from '../transfer/export.js';
import type { TuiFlags } from './args.js';
import { boundsOf, clientOptionsOf } from './client-options.js';
import { CliError, EXIT, UsageError, addSecret } from './errors.js';
import { profileEnv, resolveTui, type ResolveContext } from './resolve.js';

export type Side =
  { readonly kind: 'file'; readonly path: string } | { readonly kind: 'configuration'; readonly profile?: string; readonly ref: string };

/** What `text` names: a file (`-`, an existing file, a name ending in .json) or a configuration. */
export function parseSide(text: string, what: string): Side {
  if (text === '') throw new UsageError(`${what} is empty: give [PROFILE:]ID|NAME or a file`);
  if (text === '-' || /\.json$/i.test(text) || (existsSync(text) && statSync(text).isFile())) return { kind: 'file', path: text };
  const colon = text.indexOf(':');
  const profile = colon < 0 ? undefined : text.slice(0, colon);
  const ref = colon < 0 ? text : text.slice(colon + 1);
  if (ref === '') throw new UsageError(`${what} "${text}" names no configuration after the colon: give PROFILE:ID or PROFILE:NAME`);
  return { kind: 'configuration', ref, ...(profile ? { profile } : {}) };
}

/** The connection a side's profile names (its own base URL, token and CA, not the environment's), or that of the flags. */
export function clientOf(flags: TuiFlags, profile: string | undefined): { api: ApiClient; baseUrl: string; label?: string } {
  let given = flags;
  let env: ResolveContext['env'] = process.env;
  if (profile !== undefined) {
    const { baseUrl: _b, token: _t, tokenFile: _f, caFile: _c, ...rest } = flags;
    given = { ...rest, profile };
    env = profileEnv(process.env);
  }
  const resolved = resolveTui(given, { env });
  if (resolved.kind !== 'api') throw new UsageError('this command needs an API: --base-url and a token, or a profile (not --demo)');
  addSecret(resolved.token);
  const api = createApiClient(
    clientOptionsOf({
      baseUrl: resolved.baseUrl,
      token: resolved.token,
      ...(resolved.extraCa !== undefined ? { extraCa: resolved.extraCa } : {}),
      ...boundsOf(flags),
    }),
  );
  return { api, baseUrl: resolved.baseUrl, ...(resolved.profile !== undefined ? { label: resolved.profile } : {}) };
}

/** A configuration found: its client, id, and how messages name it (`prod:shop (1528252734)`). */
export interface Located {
  readonly api: ApiClient;
  /** The API's base URL: what names the profile's state files (the history of sends). */
  readonly baseUrl: string;
  readonly id: number;
  readonly label: string;
}

const unreadable = (message: string) => new CliError(message, EXIT.unreadable);

/** The configuration a side names, looked up (by id, or by name among the configurations). */
export async function locate(flags: TuiFlags, side: Extract<Side, { kind: 'configuration' }>): Promise<Located> {
  const { api, baseUrl, label: profile } = clientOf(flags, side.profile);
  const where = profile !== undefined ? `${profile}:` : '';
  if (/^[0-9]+$/.test(side.ref)) {
    const id = Number(side.ref);
    if (!Number.isSafeInteger(id) || id <= 0) throw new UsageError(`"${side.ref}" is not a configuration id`);
    try {
      const conf = await api.get({ kind: 'configuration' }, id);
      return { api, baseUrl, id, label: `${where}${String(conf.name)} (${id})` };
    } catch (e) {
      throw unreadable(`cannot read configuration ${where}${id}: ${explain(e)}`);
    }
  }
  let all;
  try {
    all = (await api.list({ kind: 'configuration' })).items;
  } catch (e) {
    throw unreadable(`cannot list the configurations${profile !== undefined ? ` of profile "${profile}"` : ''}: ${explain(e)}`);
  }
  const named = all.filter((c) => c.name === side.ref);
  if (named.length > 1)
    throw new UsageError(
      `"${side.ref}" names ${named.length} configurations${profile !== undefined ? ` in profile "${profile}"` : ''} (ids ${named.map((c) => String(c.id)).join(', ')}): give the id`,
    );
  const found = named[0];
  if (!found) {
    // `lint DIR`, `diff DIR …`: a folder is taken for a name; say what it is.
    const folder =
      side.profile === undefined && statSync(side.ref, { throwIfNoEntry: false })?.isDirectory()
        ? ` (${side.ref} is a folder, not an export file)`
        : '';
    throw unreadable(`there is no configuration named "${side.ref}"${profile !== undefined ? ` in profile "${profile}"` : ''}${folder}`);
  }
  return { api, baseUrl, id: Number(found.id), label: `${where}${side.ref} (${String(found.id)})` };
}

/** Standard input, whole (a pipe may be non-blocking: read as a stream). */
export async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks).toString('utf8');
}

/** Reads a file's text (`-`: standard input); tests pass their own. */
export type ReadText = (path: string) => string | Promise<string>;

const readText: ReadText = (p) => (p === '-' ? readStdin() : readFileSync(p, 'utf8'));

/** An export file's contents (`-`: standard input); cannot be read or is not an export: exit 4. */
export async function readExport(path: string, read: ReadText = readText): Promise<ExportFile> {
  let text: string;
  try {
    text = await read(path);
  } catch (e) {
    throw unreadable(`cannot read ${path === '-' ? 'standard input' : path}: ${pathReason(e, path, 'read')}`);
  }
  try {
    return parseExport(text);
  } catch (e) {
    throw unreadable(`${path === '-' ? 'standard input' : path}: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** A side as a snapshot, and how the diff's header names it. */
export async function readSide(flags: TuiFlags, side: Side, read?: ReadText): Promise<{ snapshot: ExportFile; label: string }> {
  if (side.kind === 'file') return { snapshot: await readExport(side.path, read), label: side.path === '-' ? '(stdin)' : side.path };
  const found = await locate(flags, side);
  try {
    return { snapshot: await exportConfiguration(found.api, found.id), label: found.label };
  } catch (e) {
    throw unreadable(`cannot read configuration ${found.label}: ${explain(e)}`);
  }
}
