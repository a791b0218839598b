// `cdn-tui apply FILE`: an export file (edited) turned into drafts in the store, as the TUI's
// edits are: records matched by id (or, without one, a rule by its path and a cache setting by its
// name, never a record another entry of the file names by id or has matched already), a record the
// server changed since the export refused as a conflict (its fingerprint), then the same review and
// the same apply as the TUI's. A file that does not say exactly what it means is refused whole,
// each problem with its JSON path (docs/export-format.md): an id twice, a field the schema does not
// have (with the nearest name), an id of another configuration. A new rule may name its cache
// setting by name (`"cache_settings_id": "static 7d"`): a new one of the file is made first.
import { jsonEqual } from '../diff/index.js';
import { schemaFor, type Rec } from '../schema/index.js';
import { configurationNamed, configurationWords, listKey, parseKey, recordKey, type AppStore, type RecordKey } from '../store/index.js';
import { closest } from '../util/nearest.js';
import { fingerprint, type ExportFile } from './format.js';

export interface Plan {
  /** The drafts made, in file order (configuration, cache settings, rules, error responses). */
  readonly keys: readonly RecordKey[];
  /** Records the server changed since the export where the file changes them too. */
  readonly conflicts: readonly string[];
  /** What the file does not say clearly (`rules[3].gzipp: …`): the whole file is refused, nothing sent. */
  readonly refusals: readonly string[];
  /** The configuration the file applies to. */
  readonly conf: number;
}

type FileKind = 'configuration' | 'cache_setting' | 'rule' | 'error_responses';

const idOf = (r: Rec): number | undefined => (Number.isSafeInteger(r.id) && Number(r.id) > 0 ? Number(r.id) : undefined);

/** Whether the file's record differs from the server's in a field the server has (ignoring what the server does not show). */
function differs(file: Rec, server: Rec): boolean {
  return Object.keys(file).some((k) => k !== 'id' && Object.hasOwn(server, k) && !jsonEqual(file[k], server[k]));
}

/** The fields of `record` the schema of `kind` does not have (nor the server's record: a field of the real service's), each with the nearest known one. */
function unknownFields(kind: FileKind, record: Rec, server: Rec | undefined, at: string): string[] {
  const known = ['id', ...schemaFor(kind).fields.map((f) => f.name)];
  return Object.keys(record)
    .filter((k) => !known.includes(k) && !(server && Object.hasOwn(server, k)))
    .map((k) => {
      const near = closest(k, known);
      return `${at}.${k}: not a field of a ${kind.replace('_', ' ')}${near ? ` (${near}?)` : ''}`;
    });
}

/** Ids given twice in one list of the file. */
function twiceGiven(list: readonly Rec[], name: string): string[] {
  const first = new Map<number, number>();
  const out: string[] = [];
  list.forEach((r, i) => {
    const id = idOf(r);
    if (id === undefined) return;
    const at = first.get(id);
    if (at === undefined) first.set(id, i);
    else out.push(`${name}[${i}].id: ${id} is ${name}[${at}]'s id too: one entry a record`);
  });
  return out;
}

/** The configuration (loaded in the store) that has a record of `kind` with `id`, if one does. */
function ownerOf(store: AppStore, kind: FileKind, id: number): number | undefined {
  const suffix = `:${id}`;
  for (const key of Object.keys(store.getState().records))
    if (key.startsWith(`${kind}:`) && key.endsWith(suffix)) return parseKey(key).conf;
  return undefined;
}

/**
 * The configuration other than `here` that has a record of `kind` with `id`: from what is loaded,
 * else read list by list until found (only when a file names a record its configuration lacks; the
 * reads are paced like any). Undefined when none has it.
 */
async function ownerIn(store: AppStore, kind: FileKind, id: number, here: number): Promise<number | undefined> {
  const known = ownerOf(store, kind, id);
  if (known !== undefined || (kind !== 'rule' && kind !== 'cache_setting')) return known;
  for (const key of store.getState().lists.configurations?.keys ?? []) {
    const conf = parseKey(key).id;
    if (conf === undefined || conf === here) continue;
    await store.getState().ensureLoaded(listKey(kind, conf));
    if (store.getState().records[recordKey(kind, conf, id)]) return conf;
  }
  return undefined;
}

/** Per `kind:id`, the configuration whose file holds that record (the other files of `apply DIR`). */
export type Owners = ReadonlyMap<string, number>;

/** The records of export files by `kind:id`, each with its file's configuration. */
export function ownersIn(files: readonly ExportFile[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const f of files) {
    const conf = idOf(f.configuration);
    if (conf === undefined) continue;
    for (const r of f.rules) if (idOf(r) !== undefined) out.set(`rule:${idOf(r)}`, conf);
    for (const c of f.cache_settings) if (idOf(c) !== undefined) out.set(`cache_setting:${idOf(c)}`, conf);
  }
  return out;
}

export async function planFromFile(store: AppStore, file: ExportFile, owners: Owners = new Map()): Promise<Plan> {
  const s = () => store.getState();
  await s().ensureLoaded('configurations');
  let conf = idOf(file.configuration);
  if (conf === undefined) {
    const named = configurationNamed(s(), file.configuration.name);
    if (!named) throw new Error(`the file's configuration has no id and none is named ${JSON.stringify(file.configuration.name)}`);
    conf = parseKey(named).id!;
  }
  const here = conf;
  const loaded = await Promise.all(
    [
      listKey('cache_setting', conf),
      listKey('rule', conf),
      listKey('origin', conf),
      recordKey('error_responses', conf),
      recordKey('configuration', undefined, conf),
    ].map((k) => s().ensureLoaded(k)),
  );
  if (!loaded.every(Boolean))
    throw new Error(
      `configuration ${conf} could not be read: ${Object.values(s().requests).find((r) => r.status === 'error')?.message ?? 'no answer'}`,
    );

  const keys: RecordKey[] = [];
  const conflicts: string[] = [];
  const refusals: string[] = [...twiceGiven(file.cache_settings, 'cache_settings'), ...twiceGiven(file.rules, 'rules')];
  // Server records an entry names by id: an entry without one never matches them by path or name.
  const claimed = new Set<RecordKey>();
  for (const [kind, list] of [
    ['cache_setting', file.cache_settings],
    ['rule', file.rules],
  ] as const)
    for (const r of list) if (idOf(r) !== undefined) claimed.add(recordKey(kind, here, idOf(r)));
  /** Entries with an id this configuration has no record of: whose it is, looked for once the file is read. */
  const strangers: Array<{ readonly at: string; readonly kind: FileKind; readonly id: number; readonly name: string }> = [];
  /** New cache settings of the file by name: a new rule may name one, made first. */
  const madeCaches = new Map<string, RecordKey>();

  /** A rule's cache setting or origin given by name: the id of this configuration's record of that name, or the new one's draft. */
  const byName = (record: Rec, at: string): { values: Rec; refs?: Record<string, RecordKey> } => {
    const values = { ...record };
    const refs: Record<string, RecordKey> = {};
    for (const [field, kind] of [
      ['cache_settings_id', 'cache_setting'],
      ['path_origin_id', 'origin'],
    ] as const) {
      const name = record[field];
      if (typeof name !== 'string') continue;
      const made = kind === 'cache_setting' ? madeCaches.get(name) : undefined;
      const existing = (s().lists[listKey(kind, here)]?.keys ?? []).find((k) => s().records[k]?.name === name);
      if (made) {
        refs[field] = made;
        values[field] = 1; // a stand-in until the cache setting is made (refs.ts)
      } else if (existing) values[field] = parseKey(existing).id;
      else
        refusals.push(`${at}.${field}: no ${kind.replace('_', ' ')} named ${JSON.stringify(name)} in configuration ${here} or this file`);
    }
    return Object.keys(refs).length ? { values, refs } : { values };
  };

  /** Makes the draft of one record of the file: an edit of the record it matches, or a new one. */
  const take = (kind: FileKind, record: Rec, at: string, match?: (server: Rec) => boolean) => {
    const id = kind === 'error_responses' ? undefined : idOf(record);
    let key: RecordKey | undefined =
      kind === 'error_responses'
        ? recordKey(kind, here)
        : id === undefined
          ? undefined
          : recordKey(kind, kind === 'configuration' ? undefined : here, id);
    if (key === undefined && match && (kind === 'rule' || kind === 'cache_setting')) {
      key = (s().lists[listKey(kind, here)]?.keys ?? []).find((k) => !claimed.has(k) && match(s().records[k] ?? {}));
      if (key) claimed.add(key);
    }
    const server = key === undefined ? undefined : s().records[key];
    const unknown = unknownFields(kind, record, server, at);
    if (unknown.length) {
      refusals.push(...unknown);
      return;
    }
    const { values, refs } = kind === 'rule' ? byName(record, at) : { values: record, refs: undefined };
    if (key === undefined) {
      const made = s().startCreate(kind, kind === 'configuration' ? undefined : here);
      s().setDraftValues(made, values);
      const d = s().drafts[made];
      if (!d) return;
      if (refs) s().putDrafts([[made, { ...d, refs }]]);
      if (kind === 'cache_setting' && typeof record.name === 'string') madeCaches.set(record.name, made);
      keys.push(made);
      return;
    }
    const name = `${kind.replace('_', ' ')} ${String(id ?? record.name ?? record.path ?? '')}`.trim();
    if (!server) {
      // Said once every such id is looked for (below).
      if (id !== undefined) strangers.push({ at, kind, id, name });
      return;
    }
    const was = file.fingerprints[kind === 'error_responses' ? 'error_responses' : `${kind}:${String(id ?? server.id)}`];
    if (was !== undefined && was !== fingerprint(server) && differs(record, server)) {
      conflicts.push(`${name}: changed on the server since the export`);
      return;
    }
    s().setDraftValues(key, values);
    if (refs && s().drafts[key]) s().putDrafts([[key, { ...s().drafts[key]!, refs }]]);
    if (s().drafts[key]) keys.push(key);
  };
  take('configuration', file.configuration, 'configuration');
  file.cache_settings.forEach((r, i) => take('cache_setting', r, `cache_settings[${i}]`, (server) => server.name === r.name));
  file.rules.forEach((r, i) =>
    take('rule', r, `rules[${i}]`, (server) => server.path === r.path && (r.regex === undefined || server.regex === r.regex)),
  );
  if (Object.keys(file.error_responses).length) take('error_responses', file.error_responses, 'error_responses');
  for (const { at, kind, id, name } of strangers) {
    const owner = owners.get(`${kind}:${id}`) ?? (await ownerIn(store, kind, id, here));
    const exported = file.fingerprints[`${kind}:${String(id)}`] !== undefined;
    refusals.push(
      owner !== undefined
        ? `${at}.id: ${name} is ${configurationWords(s(), owner)}'s, not ${here}'s: drop the id to make a copy here`
        : exported
          ? `${at}.id: ${name} is gone from the server since the export: drop the id to make it again`
          : `${at}.id: no configuration of the account has ${name}: drop the id to make a new one`,
    );
  }
  if (conflicts.length || refusals.length) s().discardDrafts(keys);
  return { keys: conflicts.length || refusals.length ? [] : keys, conflicts, refusals, conf: here };
}
