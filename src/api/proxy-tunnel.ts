// What the dispatcher (src/api/dispatcher.ts) and the proxy agent it loads on demand
// (src/api/proxy-dispatcher.ts) share: their settings, and the error of a tunnel the proxy did not
// open. Here, not in either, so that neither imports the other back.

export interface DispatcherSettings {
  /** Connections per origin (the most requests in flight at once). */
  readonly connections: number;
  /** The longest wait for a connection (to the API, or to the proxy). */
  readonly connectMs: number;
  /** PEM of CA certificates trusted besides the default ones (--ca-file of a profile). */
  readonly extraCa?: string;
}

/** The proxy settings of the environment, read as undici reads them (lower case first). */
export interface ProxyEnv {
  readonly httpProxy?: string;
  readonly httpsProxy?: string;
  readonly noProxy: string;
}

/**
 * The proxy did not open the tunnel to the API: it could not be reached (`cause`), or it answered
 * CONNECT with another status than 200 (`status`: 403, 407, 502…). Raised by the proxy agent's
 * connection to the proxy, so that the transport knows the proxy, not the API, failed.
 */
export class ProxyTunnelError extends Error {
  override name = 'ProxyTunnelError';
  readonly code = 'CDN_PROXY_TUNNEL';
  /** host:port of the proxy (never its user name or password). */
  readonly proxy: string;
  readonly status?: number;

  constructor(proxy: string, failure: { readonly status: number } | { readonly cause: unknown }) {
    super(
      'status' in failure ? `the proxy ${proxy} answered CONNECT with ${failure.status}` : `cannot connect to the proxy ${proxy}`,
      'cause' in failure ? { cause: failure.cause } : undefined,
    );
    this.proxy = proxy;
    if ('status' in failure) this.status = failure.status;
  }
}
