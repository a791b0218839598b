// undici's EnvHttpProxyAgent with the settings of the plain Agent, imported by dispatcher.ts only
// when a proxy variable is set. Every request through a proxy goes through a CONNECT tunnel (http://
// base URLs too), so that a proxy's own refusal (403, 407, 502) is never taken for the API's answer.
import { EnvHttpProxyAgent, Pool, type Dispatcher } from 'undici';
import { errorCode } from './errors.js';
import { ProxyTunnelError, type DispatcherSettings, type ProxyEnv } from './proxy-tunnel.js';

export function createProxyAgent(
  settings: DispatcherSettings & { readonly ca: string[] | undefined; readonly proxies: ProxyEnv },
): Dispatcher {
  const tls = settings.ca ? { ca: settings.ca } : {};
  return new EnvHttpProxyAgent({
    ...settings.proxies,
    connections: settings.connections,
    keepAliveTimeout: 10_000,
    allowH2: false,
    proxyTunnel: true,
    // To the API when NO_PROXY lets it go direct …
    connect: { timeout: settings.connectMs, ...tls },
    // … to the proxy, and to the API inside the tunnel.
    connectTimeout: settings.connectMs,
    requestTls: { timeout: settings.connectMs, ...tls },
    clientFactory: (origin, options) => new TunnelPool(origin, options),
  });
}

/**
 * The connection pool to the proxy. undici reports a CONNECT refused by the proxy as an aborted
 * request ("Proxy response (407) !== 200", code UND_ERR_ABORTED), and a proxy that cannot be
 * reached with the bare socket error (ECONNREFUSED, as if the API refused): here both become a
 * ProxyTunnelError that names the proxy and the status.
 */
class TunnelPool extends Pool {
  readonly #proxy: string;

  constructor(origin: URL, options: object) {
    super(origin, options);
    this.#proxy = origin.host;
  }

  override connect(options: Dispatcher.ConnectOptions): Promise<Dispatcher.ConnectData>;
  override connect(options: Dispatcher.ConnectOptions, callback: (err: Error | null, data: Dispatcher.ConnectData) => void): void;
  override connect(
    options: Dispatcher.ConnectOptions,
    callback?: (err: Error | null, data: Dispatcher.ConnectData) => void,
  ): Promise<Dispatcher.ConnectData> | void {
    if (callback) return super.connect(options, callback); // undici's proxy agent uses the promise
    return super.connect(options).then(
      (data) => {
        if (data.statusCode === 200) return data;
        data.socket.on('error', () => undefined).destroy();
        throw new ProxyTunnelError(this.#proxy, { status: data.statusCode });
      },
      (e: unknown) => {
        if (errorCode(e) === 'UND_ERR_ABORTED') throw e; // the caller's own abort
        throw new ProxyTunnelError(this.#proxy, { cause: e });
      },
    );
  }
}
