// `cdn-tui serve` arguments (API.md §5).
import { PRODUCTS, type Product } from '../schema/index.js';

export type Permission = 'view' | 'edit';

export interface Credential {
  readonly secret: string;
  readonly permissions: ReadonlySet<Permission>;
}

export interface ServeOptions {
  readonly host: string;
  readonly port: number;
  readonly data?: string;
  readonly seed: 'demo' | 'none' | number;
  readonly tokens: readonly Credential[];
  /** `NAME:PASSWORD` users for `POST /tokens`, keyed by name. */
  readonly users: ReadonlyMap<string, Credential>;
  readonly products: ReadonlySet<Product>;
  readonly deliveryDomain: string;
  readonly rateLimit?: { readonly reads: number; readonly writes: number };
  readonly latencyMs: number;
  readonly failRate: number;
  readonly resetRate: number;
  readonly log?: string;
}

export class UsageError extends Error {}

export const SERVE_USAGE = `Usage: cdn-tui serve [options]

The local emulator of the Content Delivery API.

  --host HOST                  address to listen on (default 127.0.0.1)
  --port PORT                  port, 0 for any free one (default 4010)
  --data FILE                  keep state durably in FILE (default: in memory)
  --seed demo|none|N           data for an empty store (default none)
  --token TOKEN[=view,edit]    accept this token (repeatable)
  --user NAME:PASSWORD[=view,edit]  a user for POST /tokens (repeatable)
  --products LIST              application_acceleration,raw_logs
  --delivery-domain DOMAIN     domain of generated domain names (default edge.example)
  --rate-limit READS/WRITES    per token per minute
  --latency MS                 delay every answer
  --fail-rate P                answer this share of requests with 503
  --reset-rate P               do this share of requests, then drop the connection
  --log FILE|-                 one JSON line per request
`;

function permissions(spec: string | undefined, flag: string): ReadonlySet<Permission> {
  if (spec === undefined) return new Set(['view', 'edit']);
  const parts = spec.split(',').map((p) => p.trim());
  for (const p of parts) if (p !== 'view' && p !== 'edit') throw new UsageError(`${flag}: unknown permission "${p}" (view, edit)`);
  return new Set(parts as Permission[]);
}

function rate(value: string, flag: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > 1) throw new UsageError(`${flag} takes a share between 0 and 1, not "${value}"`);
  return n;
}

function whole(value: string, flag: string, min: number, max: number): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < min || n > max) throw new UsageError(`${flag} takes a whole number from ${min} to ${max}, not "${value}"`);
  return n;
}

export function parseServeArgs(argv: readonly string[]): ServeOptions {
  const o = {
    host: '127.0.0.1',
    port: 4010,
    data: undefined as string | undefined,
    seed: 'none' as ServeOptions['seed'],
    tokens: [] as Credential[],
    users: new Map<string, Credential>(),
    products: new Set<Product>(),
    deliveryDomain: 'edge.example',
    rateLimit: undefined as ServeOptions['rateLimit'],
    latencyMs: 0,
    failRate: 0,
    resetRate: 0,
    log: undefined as string | undefined,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const flag = eq > 0 && !['--token', '--user'].includes(arg.slice(0, eq)) ? arg.slice(0, eq) : arg;
    const value = (): string => {
      if (flag !== arg) return arg.slice(eq + 1);
      const v = argv[++i];
      if (v === undefined) throw new UsageError(`${flag} needs a value`);
      return v;
    };
    switch (flag) {
      case '--host': o.host = value(); break;
      case '--port': o.port = whole(value(), flag, 0, 65535); break;
      case '--data': o.data = value(); break;
      case '--seed': {
        const v = value();
        if (v === 'demo' || v === 'none') o.seed = v;
        else o.seed = whole(v, flag, 0, 1_000_000);
        break;
      }
      case '--token': {
        const [secret, perms] = splitOnce(value(), '=');
        if (!secret || /\s/.test(secret)) throw new UsageError('--token needs a token without spaces');
        o.tokens.push({ secret, permissions: permissions(perms, flag) });
        break;
      }
      case '--user': {
        const v = value();
        const [userpass, perms] = splitLast(v, '=');
        const [name, password] = splitOnce(userpass, ':');
        if (!name || password === undefined || password === '') throw new UsageError('--user takes NAME:PASSWORD[=view,edit]');
        o.users.set(name, { secret: password, permissions: permissions(perms, flag) });
        break;
      }
      case '--products': {
        for (const p of value().split(',').map((s) => s.trim()).filter(Boolean)) {
          if (!PRODUCTS.includes(p as Product)) throw new UsageError(`--products: unknown product "${p}" (${PRODUCTS.join(', ')})`);
          o.products.add(p as Product);
        }
        break;
      }
      case '--delivery-domain': {
        const v = value().toLowerCase();
        if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(v)) throw new UsageError(`--delivery-domain: "${v}" is not a domain`);
        o.deliveryDomain = v;
        break;
      }
      case '--rate-limit': {
        const m = /^(\d+)\/(\d+)$/.exec(value());
        if (!m) throw new UsageError('--rate-limit takes READS/WRITES per minute, e.g. 80/20');
        o.rateLimit = { reads: Number(m[1]), writes: Number(m[2]) };
        break;
      }
      case '--latency': o.latencyMs = whole(value(), flag, 0, 600_000); break;
      case '--fail-rate': o.failRate = rate(value(), flag); break;
      case '--reset-rate': o.resetRate = rate(value(), flag); break;
      case '--log': o.log = value(); break;
      default:
        throw new UsageError(`unknown option "${arg}" (see cdn-tui serve --help)`);
    }
  }
  return o;
}

function splitOnce(s: string, sep: string): [string, string | undefined] {
  const i = s.indexOf(sep);
  return i < 0 ? [s, undefined] : [s.slice(0, i), s.slice(i + 1)];
}

/** Splits on the last separator when what follows it is a permission list (passwords may contain "="). */
function splitLast(s: string, sep: string): [string, string | undefined] {
  const i = s.lastIndexOf(sep);
  if (i < 0 || !/^(view|edit)(,(view|edit))*$/.test(s.slice(i + 1))) return [s, undefined];
  return [s.slice(0, i), s.slice(i + 1)];
}
