// The emulator's data in memory, changed only by `apply` of the data file's changes (so replay = live behaviour).
import { errorResponsesSchema, storedRecord, type Rec, type StoredRecord } from '../schema/index.js';

export const SUB_KINDS = ['rule', 'cache_setting', 'origin'] as const;
export type SubKind = (typeof SUB_KINDS)[number];
export const ID_KINDS = ['configuration', ...SUB_KINDS] as const;
export type IdKind = (typeof ID_KINDS)[number];

/** A record inside a configuration: `k` and the record's type go together (a union over the kinds). */
export type SubChange<K extends SubKind = SubKind> = {
  readonly [P in K]: { readonly t: 'sub'; readonly k: P; readonly conf: number; readonly id: number; readonly v: StoredRecord<P> };
}[K];

/** A purge the emulator took (POST /purge/*): kept for the operator, in the data file too. */
export interface PurgeEntry {
  /** When it was asked for (ISO 8601). */
  readonly at: string;
  readonly kind: 'url' | 'cachekey' | 'wildcard';
  readonly urls: readonly string[];
  /** The URLs whose host is none of the account's (403 in the answer). */
  readonly refused: readonly string[];
}

/** How many purges the state keeps (the oldest go first); the request log keeps them all. */
export const KEPT_PURGES = 1000;

/** One durable change. A write is a list of them, written to the data file as one line (all or nothing). */
export type Change =
  | { readonly t: 'purge'; readonly v: PurgeEntry }
  | { readonly t: 'conf'; readonly id: number; readonly v: StoredRecord<'configuration'> }
  | SubChange
  | { readonly t: 'err'; readonly conf: number; readonly v: StoredRecord<'error_responses'> }
  | { readonly t: 'del'; readonly k: 'configuration' | SubKind; readonly conf: number; readonly id: number }
  | { readonly t: 'seq'; readonly v: Readonly<Record<IdKind, number>> }
  | { readonly t: 'token'; readonly h: string; readonly perms: string; readonly exp: string };

/** The records of each kind inside a configuration, by id. */
export type Subs = { readonly [K in SubKind]: Map<number, StoredRecord<K>> };

export interface ConfEntry {
  record: StoredRecord<'configuration'>;
  readonly subs: Subs;
  errorResponses: StoredRecord<'error_responses'>;
}

/** Error responses that all cache for 0 s: what a new configuration gets (docs/api.md §4.4). */
export function zeroErrorResponses(): StoredRecord<'error_responses'> {
  return storedRecord('error_responses', Object.fromEntries(errorResponsesSchema.fields.map((f) => [f.name, 0])));
}

/**
 * The change that stores `v` as the record `id` of kind `k`, once `v` is checked to be one. One case
 * per kind: only a single kind lets the compiler tie `k` to the record's type.
 */
export function subChange(k: SubKind, conf: number, id: number, v: Rec): SubChange {
  switch (k) {
    case 'rule':
      return { t: 'sub', k, conf, id, v: storedRecord(k, v) };
    case 'cache_setting':
      return { t: 'sub', k, conf, id, v: storedRecord(k, v) };
    case 'origin':
      return { t: 'sub', k, conf, id, v: storedRecord(k, v) };
  }
}

function putSub<K extends SubKind>(subs: Subs, c: SubChange<K>): void {
  subs[c.k].set(c.id, c.v);
}

export interface IssuedToken {
  readonly permissions: string;
  readonly expiresAt: number;
}

export class ChangeError extends Error {}

export class EmulatorState {
  readonly configurations = new Map<number, ConfEntry>();
  readonly seq: Record<IdKind, number> = { configuration: 0, rule: 0, cache_setting: 0, origin: 0 };
  /** Tokens made by POST /tokens, by SHA-256 of the token: the store never holds a usable token. */
  readonly tokens = new Map<string, IssuedToken>();
  /** Bumped on every change of a configuration record: list caches key on it. */
  configurationsVersion = 0;
  /** Configuration ids by unique value: `name:<name>` and `cname:<host>` (uniqueness checks without scans). */
  readonly holders = new Map<string, number>();
  /** The latest purges, oldest first (at most KEPT_PURGES). */
  readonly purges: PurgeEntry[] = [];

  nextId(kind: IdKind): number {
    return ++this.seq[kind];
  }

  entry(conf: number): ConfEntry | undefined {
    return this.configurations.get(conf);
  }

  apply(c: Change): void {
    switch (c.t) {
      case 'conf': {
        const existing = this.configurations.get(c.id);
        if (existing) this.index(existing.record, undefined);
        this.index(c.v, c.id);
        if (existing) existing.record = c.v;
        else {
          this.configurations.set(c.id, {
            record: c.v,
            subs: { rule: new Map(), cache_setting: new Map(), origin: new Map() },
            errorResponses: zeroErrorResponses(), // replaced by the create's own `err` change
          });
        }
        this.bump('configuration', c.id);
        this.configurationsVersion++;
        return;
      }
      case 'sub':
        putSub(this.need(c.conf).subs, c);
        this.bump(c.k, c.id);
        return;
      case 'err':
        this.need(c.conf).errorResponses = c.v;
        return;
      case 'del':
        if (c.k === 'configuration') {
          const gone = this.configurations.get(c.id);
          if (gone) this.index(gone.record, undefined);
          this.configurations.delete(c.id);
          this.configurationsVersion++;
        } else this.configurations.get(c.conf)?.subs[c.k].delete(c.id);
        return;
      case 'seq':
        for (const k of ID_KINDS) this.bump(k, c.v[k]);
        return;
      case 'token':
        this.tokens.set(c.h, { permissions: c.perms, expiresAt: Date.parse(c.exp) });
        return;
      case 'purge':
        this.purges.push(c.v);
        if (this.purges.length > KEPT_PURGES) this.purges.splice(0, this.purges.length - KEPT_PURGES);
        return;
      default:
        throw new ChangeError(`unknown change ${JSON.stringify(c).slice(0, 80)}`);
    }
  }

  /** The whole state as changes, one list per line: what a compacted data file holds. */
  *snapshot(now = Date.now()): Generator<Change[]> {
    yield [{ t: 'seq', v: { ...this.seq } }];
    const tokens: Change[] = [];
    for (const [h, tok] of this.tokens) {
      if (tok.expiresAt > now) tokens.push({ t: 'token', h, perms: tok.permissions, exp: new Date(tok.expiresAt).toISOString() });
    }
    if (tokens.length) yield tokens;
    if (this.purges.length) yield this.purges.map((v): Change => ({ t: 'purge', v }));
    for (const [id, e] of this.configurations) {
      const line: Change[] = [
        { t: 'conf', id, v: e.record },
        { t: 'err', conf: id, v: e.errorResponses },
      ];
      line.push(
        ...subChanges('origin', id, e.subs.origin),
        ...subChanges('cache_setting', id, e.subs.cache_setting),
        ...subChanges('rule', id, e.subs.rule),
      );
      yield line;
    }
  }

  /** Adds a configuration's unique values to `holders` (id given) or removes them (undefined). */
  private index(record: StoredRecord<'configuration'>, id: number | undefined): void {
    const keys = [`name:${record.name}`, ...record.cname.map((c) => `cname:${c}`)];
    for (const k of keys) {
      if (id !== undefined) this.holders.set(k, id);
      else this.holders.delete(k);
    }
  }

  private need(conf: number): ConfEntry {
    const e = this.configurations.get(conf);
    if (!e) throw new ChangeError(`configuration ${conf} does not exist`);
    return e;
  }

  private bump(kind: IdKind, id: unknown): void {
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 0) throw new ChangeError(`bad ${kind} id ${String(id)}`);
    if (id > this.seq[kind]) this.seq[kind] = id;
  }
}

function subChanges<K extends SubKind>(k: K, conf: number, records: Subs[K]): Array<SubChange<K>> {
  const out: Array<SubChange<K>> = [];
  for (const [id, v] of records) out.push({ t: 'sub', k, conf, id, v });
  return out;
}
