// `cdn-tui apply FILE`: an export file (edited) turned into drafts in the store, as the TUI's
// edits are: records matched by id (or, without one, a rule by its path and a cache setting by its
// name), a record the server changed since the export refused as a conflict (its fingerprint),
// then the same review and the same apply as the TUI's.
import { jsonEqual } from '../diff/index.js';
import type { Rec } from '../schema/index.js';
import { configurationNamed, listKey, parseKey, recordKey, type AppStore, type RecordKey } from '../store/index.js';
import { fingerprint, type ExportFile } from './format.js';

export interface Plan {
  /** The drafts made, in file order (configuration, cache settings, rules, error responses). */
  readonly keys: readonly RecordKey[];
  /** Records the server changed since the export where the file changes them too. */
  readonly conflicts: readonly string[];
}

const idOf = (r: Rec): number | undefined => (Number.isSafeInteger(r.id) && Number(r.id) > 0 ? Number(r.id) : undefined);

/** Whether the file's record differs from the server's in a field the server has (ignoring what the server does not show). */
function differs(file: Rec, server: Rec): boolean {
  return Object.keys(file).some((k) => k !== 'id' && Object.hasOwn(server, k) && !jsonEqual(file[k], server[k]));
}

export async function planFromFile(store: AppStore, file: ExportFile): Promise<Plan> {
  const s = () => store.getState();
  await s().ensureLoaded('configurations');
  let conf = idOf(file.configuration);
  if (conf === undefined) {
    const named = configurationNamed(s(), file.configuration.name);
    if (!named) throw new Error(`the file's configuration has no id and none is named ${JSON.stringify(file.configuration.name)}`);
    conf = parseKey(named).id!;
  }
  const loaded = await Promise.all(
    [
      listKey('cache_setting', conf),
      listKey('rule', conf),
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
  /** Makes the draft of one record of the file: an edit of the record it matches, or a new one. */
  const take = (kind: 'configuration' | 'cache_setting' | 'rule' | 'error_responses', record: Rec, match?: (server: Rec) => boolean) => {
    const id = kind === 'error_responses' ? undefined : idOf(record);
    let key: RecordKey | undefined =
      kind === 'error_responses'
        ? recordKey(kind, conf)
        : id === undefined
          ? undefined
          : recordKey(kind, kind === 'configuration' ? undefined : conf, id);
    if (key === undefined && match && (kind === 'rule' || kind === 'cache_setting'))
      key = (s().lists[listKey(kind, conf)]?.keys ?? []).find((k) => match(s().records[k] ?? {}));
    if (key === undefined) {
      const made = s().startCreate(kind, kind === 'configuration' ? undefined : conf);
      s().setDraftValues(made, record);
      if (s().drafts[made]) keys.push(made);
      return;
    }
    const server = s().records[key];
    const name = `${kind.replace('_', ' ')} ${String(id ?? record.name ?? record.path ?? '')}`.trim();
    if (!server) {
      conflicts.push(`${name}: gone from the server since the export`);
      return;
    }
    const was = file.fingerprints[kind === 'error_responses' ? 'error_responses' : `${kind}:${String(id ?? server.id)}`];
    if (was !== undefined && was !== fingerprint(server) && differs(record, server)) {
      conflicts.push(`${name}: changed on the server since the export`);
      return;
    }
    s().setDraftValues(key, record);
    if (s().drafts[key]) keys.push(key);
  };
  take('configuration', file.configuration);
  for (const r of file.cache_settings) take('cache_setting', r, (server) => server.name === r.name);
  for (const r of file.rules) take('rule', r, (server) => server.path === r.path);
  if (Object.keys(file.error_responses).length) take('error_responses', file.error_responses);
  if (conflicts.length) s().discardDrafts(keys);
  return { keys: conflicts.length ? [] : keys, conflicts };
}
