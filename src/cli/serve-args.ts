// `cdn-tui serve` flags (docs/api.md §5) into the emulator's ServeOptions, every value checked: a bad one
// is a UsageError of one sentence that never repeats a token or a password.
import { PRODUCTS, type Product } from '../schema/types.js';
import type { Credential, Permission, ResetFormat, ServeOptions } from '../server/options.js';
import { DEMO_PRODUCTS } from '../server/seed/demo-products.js';
import { UsageError } from './errors.js';
import { parseFlags } from './strict-args.js';

export const SERVE_FLAGS = {
  help: { type: 'boolean', short: 'h' },
  host: { type: 'string' },
  port: { type: 'string' },
  data: { type: 'string' },
  seed: { type: 'string' },
  token: { type: 'string', multiple: true },
  user: { type: 'string', multiple: true },
  products: { type: 'string' },
  'delivery-domain': { type: 'string' },
  'rate-limit': { type: 'string' },
  'rate-window': { type: 'string' },
  'reset-format': { type: 'string' },
  latency: { type: 'string' },
  'fail-rate': { type: 'string' },
  'reset-rate': { type: 'string' },
  log: { type: 'string' },
  'tls-cert': { type: 'string' },
  'tls-key': { type: 'string' },
} as const;

/** `cdn-tui serve` arguments (after `serve`) as the emulator's options; `--help` is the router's business. */
export function parseServeArgs(argv: readonly string[]): ServeOptions {
  const v = parseFlags(argv, 'cdn-tui serve', SERVE_FLAGS);
  const seeded = seed(v.seed ?? 'none');
  return {
    host: v.host ?? '127.0.0.1',
    port: v.port === undefined ? 4010 : whole(v.port, '--port', 0, 65535),
    ...(v.data === undefined ? {} : { data: v.data }),
    seed: seeded,
    tokens: (v.token ?? []).map(token),
    users: new Map((v.user ?? []).map(user)),
    products: v.products === undefined ? seedProducts(seeded) : products(v.products),
    deliveryDomain: v['delivery-domain'] === undefined ? 'edge.example' : domain(v['delivery-domain']),
    ...rateLimit(v['rate-limit'], v['rate-window'], v['reset-format']),
    latencyMs: v.latency === undefined ? 0 : whole(v.latency, '--latency', 0, 600_000),
    failRate: v['fail-rate'] === undefined ? 0 : share(v['fail-rate'], '--fail-rate'),
    resetRate: v['reset-rate'] === undefined ? 0 : share(v['reset-rate'], '--reset-rate'),
    ...(v.log === undefined ? {} : { log: v.log }),
    ...tls(v['tls-cert'], v['tls-key']),
  };
}

/** --tls-cert FILE --tls-key FILE: both or neither; the emulator reads them as it starts (a bad pair stops it, exit 1). */
function tls(certFile: string | undefined, keyFile: string | undefined): Pick<ServeOptions, 'tls'> {
  if (certFile === undefined && keyFile === undefined) return {};
  if (certFile === undefined || keyFile === undefined)
    throw new UsageError('--tls-cert FILE and --tls-key FILE go together (the certificate and its private key, PEM)');
  return { tls: { certFile, keyFile } };
}

function seed(value: string): ServeOptions['seed'] {
  if (value === 'demo' || value === 'none') return value;
  if (!/^\d+$/.test(value) || Number(value) > 1_000_000)
    throw new UsageError(`--seed takes demo, none or a whole number up to 1000000, not "${value}"`);
  return Number(value);
}

/** `TOKEN[=view,edit]`: the token ends at the first "=" (today's rule). */
function token(value: string): Credential {
  const [secret, perms] = splitOnce(value, '=');
  if (!secret || /\s/.test(secret)) throw new UsageError('--token needs a token without spaces');
  // The part after "=" may be a mistyped token: name the rule, not the value.
  if (perms !== undefined && !isPermissionList(perms))
    throw new UsageError('--token TOKEN=PERMISSIONS takes view, edit or view,edit after the "="');
  return { secret, permissions: permissions(perms) };
}

/** `NAME:PASSWORD[=view,edit]`: the name ends at the first ":", the password may hold ":" and "=". */
function user(value: string): [string, Credential] {
  const [userpass, perms] = splitLast(value, '=');
  const [name, password] = splitOnce(userpass, ':');
  if (!name || password === undefined || password === '') throw new UsageError('--user takes NAME:PASSWORD[=view,edit]');
  return [name, { secret: password, permissions: permissions(perms) }];
}

const PERMISSION_LIST = /^(view|edit)(,(view|edit))*$/;

function isPermissionList(spec: string): boolean {
  return PERMISSION_LIST.test(spec);
}

function isPermission(p: string): p is Permission {
  return p === 'view' || p === 'edit';
}

/** Both permissions unless a list is given (already checked by isPermissionList). */
function permissions(spec: string | undefined): ReadonlySet<Permission> {
  if (spec === undefined) return new Set<Permission>(['view', 'edit']);
  return new Set(spec.split(',').filter(isPermission));
}

function isProduct(p: string): p is Product {
  return PRODUCTS.some((known) => known === p);
}

/**
 * The products an emulator has when `--products` is not given: the demo account's with the demo
 * data (so that `--seed demo` is the data `cdn-tui --demo` shows, product-gated rules and raw logs
 * included), none otherwise.
 */
function seedProducts(seeded: ServeOptions['seed']): ReadonlySet<Product> {
  return new Set(seeded === 'demo' ? DEMO_PRODUCTS : []);
}

/** `--products LIST`, or `none` for an account without any (the demo's without its products). */
function products(value: string): ReadonlySet<Product> {
  const out = new Set<Product>();
  if (value.trim() === 'none') return out;
  for (const p of value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    if (!isProduct(p)) throw new UsageError(`--products: unknown product "${p}" (${PRODUCTS.join(', ')})`);
    out.add(p);
  }
  return out;
}

function domain(value: string): string {
  const v = value.toLowerCase();
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(v)) throw new UsageError(`--delivery-domain: "${v}" is not a domain`);
  return v;
}

/** --rate-limit READS/WRITES[/PURGES], with its window (--rate-window, default 60 s) and its Reset header's form (--reset-format). */
function rateLimit(limit: string | undefined, window: string | undefined, format: string | undefined): Pick<ServeOptions, 'rateLimit'> {
  // Without a limit they would do nothing: say so rather than run unlike what was asked.
  if (limit === undefined) {
    if (window !== undefined || format !== undefined)
      throw new UsageError('--rate-window and --reset-format go with --rate-limit READS/WRITES');
    return {};
  }
  const m = /^(\d+)\/(\d+)(?:\/(\d+))?$/.exec(limit);
  if (!m) throw new UsageError('--rate-limit takes READS/WRITES per minute, e.g. 80/20 (or READS/WRITES/PURGES, e.g. 80/20/10)');
  return {
    rateLimit: {
      reads: Number(m[1]),
      writes: Number(m[2]),
      purges: Number(m[3] ?? m[2]),
      windowSeconds: window === undefined ? 60 : whole(window, '--rate-window', 1, 3600),
      resetFormat: resetFormat(format ?? 'unix'),
    },
  };
}

function resetFormat(value: string): ResetFormat {
  if (value !== 'unix' && value !== 'iso') throw new UsageError(`--reset-format takes unix or iso, not "${value}"`);
  return value;
}

function share(value: string, flag: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < 0 || n > 1)
    throw new UsageError(`${flag} takes a share between 0 and 1, not "${value}"`);
  return n;
}

function whole(value: string, flag: string, min: number, max: number): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < min || n > max)
    throw new UsageError(`${flag} takes a whole number from ${min} to ${max}, not "${value}"`);
  return n;
}

function splitOnce(s: string, sep: string): [string, string | undefined] {
  const i = s.indexOf(sep);
  return i < 0 ? [s, undefined] : [s.slice(0, i), s.slice(i + 1)];
}

/** Splits on the last separator when what follows it is a permission list (passwords may contain "="). */
function splitLast(s: string, sep: string): [string, string | undefined] {
  const i = s.lastIndexOf(sep);
  if (i < 0 || !isPermissionList(s.slice(i + 1))) return [s, undefined];
  return [s.slice(0, i), s.slice(i + 1)];
}
