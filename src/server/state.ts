// The emulator's data in memory, changed only by `apply` of journal changes (so replay = live behaviour).
import type { Rec } from '../schema/index.js';

export type SubKind = 'rule' | 'cache_setting' | 'origin';
export type IdKind = 'configuration' | SubKind;

/** One durable change. A write is a list of them, journaled as one line (all or nothing). */
export type Change =
  | { readonly t: 'conf'; readonly id: number; readonly v: Rec }
  | { readonly t: 'sub'; readonly k: SubKind; readonly conf: number; readonly id: number; readonly v: Rec }
  | { readonly t: 'err'; readonly conf: number; readonly v: Rec }
  | { readonly t: 'del'; readonly k: 'configuration' | SubKind; readonly conf: number; readonly id: number }
  | { readonly t: 'seq'; readonly v: Readonly<Record<IdKind, number>> }
  | { readonly t: 'token'; readonly h: string; readonly perms: string; readonly exp: string };

export interface ConfEntry {
  record: Rec;
  readonly subs: Record<SubKind, Map<number, Rec>>;
  errorResponses: Rec;
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
            errorResponses: {},
          });
        }
        this.bump('configuration', c.id);
        this.configurationsVersion++;
        return;
      }
      case 'sub':
        this.need(c.conf).subs[c.k].set(c.id, c.v);
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
        for (const k of Object.keys(this.seq) as IdKind[]) this.bump(k, c.v[k]);
        return;
      case 'token':
        this.tokens.set(c.h, { permissions: c.perms, expiresAt: Date.parse(c.exp) });
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
    for (const [id, e] of this.configurations) {
      const line: Change[] = [{ t: 'conf', id, v: e.record }, { t: 'err', conf: id, v: e.errorResponses }];
      for (const k of ['origin', 'cache_setting', 'rule'] as const) {
        for (const [sid, v] of e.subs[k]) line.push({ t: 'sub', k, conf: id, id: sid, v });
      }
      yield line;
    }
  }

  /** Adds a configuration's unique values to `holders` (id given) or removes them (undefined). */
  private index(record: Rec, id: number | undefined): void {
    const keys = [`name:${String(record.name)}`, ...((record.cname as string[] | undefined) ?? []).map((c) => `cname:${c}`)];
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
