// Tokens and permissions (docs/api.md §3): `Authorization: Token …`, POST /tokens with Basic auth.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { HttpError } from './http-util.js';
import type { Credential, Permission } from './options.js';
import type { Change, EmulatorState } from './state.js';

export const TOKEN_LIFETIME_MS = 24 * 3600 * 1000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newToken(): string {
  return randomBytes(20).toString('hex');
}

export interface Caller {
  /** The key rate limits count under (a hash, never the token). */
  readonly key: string;
  readonly permissions: ReadonlySet<Permission>;
}

const isPermission = (p: string): p is Permission => p === 'view' || p === 'edit';

const unauthenticated = (detail: string) => new HttpError(401, { detail }, { 'www-authenticate': 'Token' });

export class Auth {
  private readonly fixed = new Map<string, ReadonlySet<Permission>>();

  constructor(
    private readonly state: EmulatorState,
    tokens: readonly Credential[],
    private readonly users: ReadonlyMap<string, Credential>,
  ) {
    for (const t of tokens) this.fixed.set(hashToken(t.secret), t.permissions);
  }

  /** The caller of a request, or the 401 to answer. */
  authenticate(req: IncomingMessage, now = Date.now()): Caller {
    const header = req.headers.authorization;
    if (header === undefined) throw unauthenticated('Authentication credentials were not provided.');
    const m = /^Token(?:\s+(.*))?$/i.exec(header.trim());
    if (!m) throw unauthenticated('Authentication credentials were not provided.');
    const token = (m[1] ?? '').trim();
    if (token === '' || /\s/.test(token)) throw unauthenticated('Invalid token header. No credentials provided.');
    const key = hashToken(token);
    const fixed = this.fixed.get(key);
    if (fixed) return { key, permissions: fixed };
    const issued = this.state.tokens.get(key);
    if (!issued) throw unauthenticated('Invalid token.');
    if (issued.expiresAt <= now) throw unauthenticated('Token has expired.');
    return { key, permissions: new Set(issued.permissions.split(',').filter(isPermission)) };
  }

  /** POST /tokens: checks Basic credentials and returns the new token with the change that records it. */
  issue(req: IncomingMessage, now = Date.now()): { body: Record<string, string>; change: Change } {
    const m = /^Basic\s+(\S+)$/i.exec(req.headers.authorization?.trim() ?? '');
    const invalid = new HttpError(401, { detail: 'Invalid username/password.' }, { 'www-authenticate': 'Basic realm="api"' });
    if (!m) throw invalid;
    const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    const user = colon < 0 ? undefined : this.users.get(decoded.slice(0, colon));
    if (!user || !sameSecret(decoded.slice(colon + 1), user.secret)) throw invalid;
    const token = newToken();
    const created = new Date(now);
    const expires = new Date(now + TOKEN_LIFETIME_MS);
    const perms = [...user.permissions].join(',');
    return {
      body: { token, created_at: created.toISOString(), expires_at: expires.toISOString() },
      change: { t: 'token', h: hashToken(token), perms, exp: expires.toISOString() },
    };
  }
}

function sameSecret(a: string, b: string): boolean {
  const x = createHash('sha256').update(a).digest();
  const y = createHash('sha256').update(b).digest();
  return timingSafeEqual(x, y);
}

export function requirePermission(caller: Caller, method: string): void {
  const need: Permission = method === 'GET' ? 'view' : 'edit';
  if (!caller.permissions.has(need)) throw new HttpError(403, { detail: 'You do not have permission to perform this action.' });
}
