// Kept or fresh: a list from the keep is shown at once, with its age, until it is read again; a
// write never starts from it (a form opens once what it edits is fresh). Pure, over the store's state.
import type { DataState } from '../types.js';
import type { ListKey, RecordKey } from '../keys.js';

const CHILD_LISTS: readonly string[] = ['rule', 'cache_setting', 'origin'];

/** Whether `key` names a list (`configurations`, `rule:7`) rather than a record (`rule:7:45`, `configuration:7`). */
export function isListKey(key: string): boolean {
  const parts = key.split(':');
  return key === 'configurations' || (parts.length === 2 && CHILD_LISTS.includes(parts[0] ?? ''));
}

/** The list a record comes with (a configuration: `configurations`); error responses come with none. */
export function listOfRecord(key: RecordKey): ListKey | undefined {
  const [kind = '', conf] = key.split(':');
  if (kind === 'configuration') return 'configurations';
  return CHILD_LISTS.includes(kind) ? `${kind}:${conf ?? ''}` : undefined;
}

/** When the list was read, if it is shown from the keep (not read again in this session); else undefined. */
export function keptAt(s: Pick<DataState, 'lists'>, list: ListKey): number | undefined {
  const l = s.lists[list];
  return l?.kept ? l.loadedAt : undefined;
}

/** Whether a list or record is there as read in this session: whole, and not a kept copy. */
export function isFresh(s: Pick<DataState, 'lists' | 'records' | 'readAgain'>, key: string): boolean {
  if (isListKey(key)) {
    const l = s.lists[key];
    return l !== undefined && !l.incomplete && !l.kept;
  }
  if (s.records[key] === undefined) return false;
  const list = listOfRecord(key);
  return list === undefined || !s.lists[list]?.kept || s.readAgain?.[key] === true;
}
