// What a keep file holds: the store's whole lists (the configurations, and the rules, cache
// settings and origins of configurations), each with its records and the time it was read — never
// a token or a header. One JSON document, one list a line:
//   {"format":"cdn-tui kept lists","version":1,"lists":[
//   {"list":"configurations","readAt":1718000000000,"total":60,"records":[…]},
//   {"list":"rule:7","readAt":…,"total":…,"records":[…]}
//   ]}
// Bounded: the configurations list first, then the others newest first while they fit; the oldest
// go first, and a list larger than the bound alone is not kept.
import { isPlainObject, type Rec } from '../../schema/index.js';
import { recordKey, type ChildKind, type ListKey, type RecordKey } from '../keys.js';
import type { DataState, ListState } from '../types.js';

export const KEEP_FORMAT = 'cdn-tui kept lists';
export const KEEP_VERSION = 1;

/**
 * The most bytes a keep file holds. Read whole at start, before the first frame: 16 MiB parses in
 * about 0.1–0.2 s on a small machine, and holds the find index of a few thousand configurations.
 */
export const KEEP_LIMIT_BYTES = 16 * 1024 * 1024;

export interface KeptList {
  readonly list: ListKey;
  /** When it was read from the API (ms since the epoch). */
  readonly readAt: number;
  readonly total: number;
  readonly records: readonly Rec[];
}

/** What of the store the keep writes. */
export type KeepSnapshot = Pick<DataState, 'lists' | 'records'>;

const CHILD_KINDS: readonly string[] = ['rule', 'cache_setting', 'origin'] satisfies ChildKind[];

function isChildKind(kind: string): kind is ChildKind {
  return CHILD_KINDS.includes(kind);
}

/** A record's key in the list `list` (undefined: not a list the keep holds). */
function keyIn(list: string, id: number): RecordKey | undefined {
  if (list === 'configurations') return recordKey('configuration', undefined, id);
  const [kind = '', conf = '', more] = list.split(':');
  if (more !== undefined || !isChildKind(kind) || !/^[1-9]\d*$/.test(conf)) return undefined;
  return recordKey(kind, Number(conf), id);
}

/** The configuration a child list belongs to (`rule:7` → `configuration:7`). */
function ownerOf(list: ListKey): RecordKey {
  return `configuration:${list.split(':')[1] ?? ''}`;
}

function isKeptList(v: unknown): v is KeptList {
  if (!isPlainObject(v) || typeof v.list !== 'string' || keyIn(v.list, 1) === undefined) return false;
  const isRecord = (r: unknown) => isPlainObject(r) && typeof r.id === 'number' && Number.isInteger(r.id) && r.id > 0;
  return (
    typeof v.readAt === 'number' &&
    Number.isFinite(v.readAt) &&
    typeof v.total === 'number' &&
    Array.isArray(v.records) &&
    v.records.every(isRecord)
  );
}

/** The lists of a keep file's text, or undefined when it is damaged or not one this version wrote. */
export function decodeKeep(text: string): KeptList[] | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isPlainObject(json) || json.format !== KEEP_FORMAT || json.version !== KEEP_VERSION || !Array.isArray(json.lists)) return undefined;
  const lists: unknown[] = json.lists;
  return lists.every(isKeptList) ? lists : undefined;
}

/** The store's lists and records as kept: each list marked `kept`, with the time it was read. */
export function keptState(kept: readonly KeptList[]): KeepSnapshot {
  const lists: Record<ListKey, ListState> = {};
  const records: Record<RecordKey, Rec> = {};
  for (const k of kept) {
    if (lists[k.list]) continue;
    const keys: RecordKey[] = [];
    for (const r of k.records) {
      const key = keyIn(k.list, Number(r.id))!;
      records[key] = r;
      keys.push(key);
    }
    lists[k.list] = { keys, total: Math.max(k.total, keys.length), loadedAt: k.readAt, kept: true };
  }
  return { lists, records };
}

/** A list's line as last written, reused while neither the list nor any of its records changed. */
interface Line {
  readonly state: ListState;
  readonly records: readonly Rec[];
  readonly text: string;
  readonly bytes: number;
}

const same = (a: readonly Rec[], b: readonly Rec[]) => a.length === b.length && a.every((r, i) => r === b[i]);

/**
 * Makes the keep file's text from the store. Only the lists that changed since the last call are
 * turned into JSON again (a find over a thousand configurations adds lists in batches: each write
 * would otherwise serialise every list on the main thread).
 */
export function keepEncoder(limit = KEEP_LIMIT_BYTES): (snapshot: KeepSnapshot) => string {
  let lines = new Map<ListKey, Line>();
  const lineOf = (list: ListKey, state: ListState, records: Readonly<Record<RecordKey, Rec>>): Line => {
    const recs = state.keys.map((k) => records[k]).filter((r) => r !== undefined);
    const before = lines.get(list);
    if (before && before.state === state && same(before.records, recs)) return before;
    // Over the bound before, and no shorter now: still over (100,000 configurations are not turned
    // into 25 MB of JSON again at every save of one of them).
    if (before && before.bytes > limit && recs.length >= before.records.length) return before;
    const text = JSON.stringify({ list, readAt: state.loadedAt, total: state.total, records: recs });
    return { state, records: recs, text, bytes: Buffer.byteLength(text) };
  };
  return ({ lists, records }) => {
    const confs = lists.configurations;
    const owners = new Set(confs?.keys);
    // Lists of configurations that are gone (the configurations list says so) are not kept.
    const children = Object.keys(lists).filter(
      (l) => l !== 'configurations' && keyIn(l, 1) !== undefined && (!confs || owners.has(ownerOf(l))),
    );
    children.sort((a, b) => lists[b]!.loadedAt - lists[a]!.loadedAt);
    const next = new Map<ListKey, Line>();
    const chosen: string[] = [];
    let bytes = 0;
    for (const list of confs ? ['configurations', ...children] : children) {
      const state = lists[list]!;
      if (state.incomplete) continue;
      const line = lineOf(list, state, records);
      next.set(list, line);
      if (line.bytes > limit) continue; // larger than the bound alone: not kept
      if (bytes + line.bytes > limit) break; // the older ones go
      bytes += line.bytes + 2;
      chosen.push(line.text);
    }
    lines = next;
    return `{"format":${JSON.stringify(KEEP_FORMAT)},"version":${KEEP_VERSION},"lists":[\n${chosen.join(',\n')}\n]}\n`;
  };
}
