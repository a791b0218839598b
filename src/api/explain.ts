// One sentence per cause of a failed call, from the typed errors (their class, status, code and
// shape, never their text): what the status line, a tab that could not load and the header say.
import { reasonPhrase } from '../util/builtins.js';
import {
  AbortError,
  ApiError,
  NotSentError,
  ClientError,
  LimitError,
  NetworkError,
  TimeoutError,
  UnexpectedResponseError,
  formatBytes,
  seconds,
  type ProxyFailure,
} from './errors.js';

/** TLS failures by code (Node's and OpenSSL's): the certificate is not one this machine trusts. */
const UNTRUSTED = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_UNTRUSTED',
  'CERT_SIGNATURE_FAILURE',
]);
const EXPIRED = new Set(['CERT_HAS_EXPIRED', 'CERT_NOT_YET_VALID']);

function hostOf(e: ClientError): string {
  try {
    return new URL(e.url).host;
  } catch {
    return 'the API';
  }
}

function pathOf(e: ClientError): string {
  try {
    return new URL(e.url).pathname;
  } catch {
    return e.url;
  }
}

/** The proxy failed, not the API: it could not be reached, or it refused the tunnel (its status). */
function proxied(e: NetworkError, proxy: ProxyFailure): string {
  const host = hostOf(e);
  const p = `the proxy ${proxy.host}`;
  if (proxy.status === undefined) {
    if (e.code === 'ECONNREFUSED')
      return `cannot reach ${p}: connection refused (check HTTPS_PROXY/HTTP_PROXY, or list ${hostOf(e).replace(/:\d+$/, '')} in NO_PROXY)`;
    return `cannot reach ${p} (${e.code}; check HTTPS_PROXY/HTTP_PROXY)`;
  }
  const status = `${proxy.status} ${reasonPhrase(proxy.status) ?? ''}`.trim();
  if (proxy.status === 407)
    return `${p} asks for a user name and password (${status}): give them in the proxy URL, http://USER:PASSWORD@HOST:PORT`;
  if (proxy.status === 403) return `${p} does not let this machine through to ${host} (${status})`;
  if (proxy.status >= 500) return `${p} could not connect to ${host} (${status})`;
  return `${p} refused to connect to ${host} (${status})`;
}

function network(e: NetworkError): string {
  if (e.proxy) return proxied(e, e.proxy);
  const host = hostOf(e);
  switch (e.code) {
    case 'ECONNREFUSED':
      return `cannot reach ${host}: connection refused (nothing listens there; check the URL and port)`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NONAME':
      return `cannot reach ${host}: no such host (the DNS lookup failed)`;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `cannot reach ${host}: the network does not lead there`;
    case 'ERR_TLS_CERT_ALTNAME_INVALID': {
      const names = e.certNames?.join(', ');
      return `TLS failed: the certificate of ${host} is not for that name${names ? ` (it names ${names})` : ''}`;
    }
  }
  if (UNTRUSTED.has(e.code))
    return `TLS failed: the certificate of ${host} is not trusted here (${e.code}; a private CA: --ca-file FILE or NODE_EXTRA_CA_CERTS)`;
  if (EXPIRED.has(e.code)) return `TLS failed: the certificate of ${host} has expired or is not valid yet`;
  if (e.code.startsWith('ERR_TLS') || e.code.startsWith('ERR_SSL')) return `TLS failed with ${host} (${e.code})`;
  return e.mayHaveReached ? `the connection to ${host} broke before the answer (${e.code})` : `cannot reach ${host} (${e.code})`;
}

function timeout(e: TimeoutError): string {
  const host = hostOf(e);
  if (e.phase === 'connect') return `cannot reach ${host}: no connection within ${seconds(e.timeoutMs)}`;
  if (e.phase === 'headers') return `${host} is not answering: nothing within ${seconds(e.timeoutMs)}`;
  return `the answer from ${host} stalled for ${seconds(e.timeoutMs)}`;
}

function limit(e: LimitError): string {
  const host = hostOf(e);
  if (e.limit === 'size') return `the answer to ${e.method} ${pathOf(e)} is larger than ${formatBytes(e.value)}: abandoned (--max-body)`;
  if (e.limit === 'headers-time') return `${host} is not answering: nothing within ${seconds(e.value)} (--headers-timeout)`;
  return `the answer from ${host} took longer than ${seconds(e.value)} to arrive: abandoned (--body-timeout)`;
}

function answer(e: ApiError): string {
  const s = e.status;
  const detail = e.detail ? `: ${e.detail}` : '';
  if (e instanceof UnexpectedResponseError) {
    if (e.problem === 'the answer is not valid JSON') {
      const text = typeof e.body === 'string' ? e.body.replace(/\s+/g, ' ').trim().slice(0, 40) : '';
      return `the answer to ${e.method} ${pathOf(e)} is not JSON${text ? ` (it begins "${text}")` : ''}: is the base URL the API's?`;
    }
    return `the answer to ${e.method} ${pathOf(e)} has the wrong shape: ${e.problem ?? 'not what the API sends'}`;
  }
  if (s === 401) return `the token was rejected (401): run \`cdn-tui login\` or check the profile`;
  if (s === 403)
    return `not permitted (403): this token may not ${e.method === 'GET' ? 'view' : 'change'} ${pathOf(e)} (needs the "${e.method === 'GET' ? 'view' : 'edit'}" permission)${detail}`;
  if (s === 404) return `not found (404): ${e.method} ${pathOf(e)}${detail}`;
  if (s === 429) return `rate limited (429)${detail}`;
  if (s >= 500) return `server error (${s} ${reasonPhrase(s) ?? ''})${detail}`.replace(' )', ')');
  if (s >= 300 && s < 400) {
    const to = e.location;
    return `the API redirected (${s}) ${to ? `to ${to}` : 'elsewhere'}; not followed: check the base URL`;
  }
  return e.detail ?? e.message;
}

/** The sentence for a failed call (anything else: its message). */
export function explain(e: unknown): string {
  if (e instanceof NotSentError) return 'stopped before it was sent';
  if (e instanceof AbortError) return 'cancelled';
  if (e instanceof LimitError) return limit(e);
  if (e instanceof TimeoutError) return timeout(e);
  if (e instanceof NetworkError) return network(e);
  if (e instanceof ApiError) return answer(e);
  return e instanceof Error ? e.message : String(e);
}
