// What `cdn-tui serve` runs with (docs/api.md §5). The emulator takes these options and never reads
// argv: the command line is parsed in src/cli/serve-args.ts.
import type { Product } from '../schema/index.js';

export type Permission = 'view' | 'edit';

export interface Credential {
  readonly secret: string;
  readonly permissions: ReadonlySet<Permission>;
}

/** How X-RateLimit-Reset is written: Unix seconds, or as the real service recorded it (an ISO time in UTC, no zone). */
export type ResetFormat = 'unix' | 'iso';

/** `--rate-limit READS/WRITES[/PURGES]` with `--rate-window` and `--reset-format`. */
export interface RateLimitOptions {
  readonly reads: number;
  readonly writes: number;
  /** Purge requests (POST /purge/*), counted apart from writes; default: as many as writes. */
  readonly purges: number;
  /** The fixed window's length in whole seconds (60 as the real service; shorter ones for tests). */
  readonly windowSeconds: number;
  readonly resetFormat: ResetFormat;
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
  readonly rateLimit?: RateLimitOptions;
  readonly latencyMs: number;
  readonly failRate: number;
  readonly resetRate: number;
  readonly log?: string;
  /** Serve over HTTPS with this certificate and key (PEM files of --tls-cert and --tls-key). */
  readonly tls?: { readonly certFile: string; readonly keyFile: string };
}
