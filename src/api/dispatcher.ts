// The undici dispatcher a client sends through: one HTTP/1.1 Agent, or, when HTTPS_PROXY/HTTP_PROXY
// (or their lower-case forms) is set, undici's EnvHttpProxyAgent with the same settings. The proxy
// code is imported only then: it is a chunk of its own that a start without a proxy never loads
// (scripts/build.mjs).
import { Agent, type Dispatcher } from 'undici';
import { nodeTls } from '../util/builtins.js';
import type { DispatcherSettings, ProxyEnv } from './proxy-tunnel.js';

type Env = Readonly<Record<string, string | undefined>>;

/** The proxies the environment names, or undefined when it names none (an empty value is none). */
export function proxyEnv(env: Env = process.env): ProxyEnv | undefined {
  const httpProxy = env.http_proxy ?? env.HTTP_PROXY;
  const httpsProxy = env.https_proxy ?? env.HTTPS_PROXY;
  if (!httpProxy && !httpsProxy) return undefined;
  return { ...(httpProxy ? { httpProxy } : {}), ...(httpsProxy ? { httpsProxy } : {}), noProxy: env.no_proxy ?? env.NO_PROXY ?? '' };
}

/** The most bytes of an answer's headers: Node's own default (http.maxHeaderSize without --max-http-header-size). */
export const MAX_HEADER_BYTES = 16 * 1024;

/**
 * The one dispatcher of a client: a promise, since the proxy agent is loaded on demand (without a
 * proxy it is an Agent made at once). HTTP/1.1 only (undici 8 would offer HTTP/2 over TLS): the
 * API's requests are small, one per connection, and the bundle leaves out undici's HTTP/2 client.
 */
export function createDispatcher(settings: DispatcherSettings, env: Env = process.env): Promise<Dispatcher> {
  const ca = settings.extraCa === undefined ? undefined : trustedWith(settings.extraCa);
  const proxies = proxyEnv(env);
  if (proxies) return import('./proxy-dispatcher.js').then(({ createProxyAgent }) => createProxyAgent({ ...settings, ca, proxies }));
  return Promise.resolve(
    new Agent({
      connections: settings.connections,
      keepAliveTimeout: 10_000,
      allowH2: false,
      // undici's default is Node's http.maxHeaderSize, which would load node:http at start (scripts/build.mjs).
      maxHeaderSize: MAX_HEADER_BYTES,
      connect: { timeout: settings.connectMs, ...(ca ? { ca } : {}) },
    }),
  );
}

/**
 * The CA list that trusts `pem` as well as what Node trusts by default: its bundled roots and, with
 * NODE_EXTRA_CA_CERTS, those (a `ca` option replaces the default list, it does not add to it).
 * node:tls is loaded here only: a start without --ca-file does not need it before connecting.
 */
function trustedWith(pem: string): string[] {
  const tls = nodeTls();
  const defaults = typeof tls.getCACertificates === 'function' ? tls.getCACertificates('default') : tls.rootCertificates;
  return [...defaults, pem];
}
