// The palette while rows are being copied (`c`, docs/ux.md §6): where they can go — the other
// configurations, and first, with configurations marked in the browser, all of those at once
// (docs/ux.md §10, Add to many), the one they come from left out and said so.
import { parseKey, type AppState } from '../../store/index.js';
import { safe } from '../../ui/text.js';
import type { UiState } from '../../app/ui-store.js';
import { markedConfigurations } from '../browser/marked.js';
import { matches } from '../rows.js';
import type { Item } from './profile-items.js';

export interface CopyChoices {
  /** Copies the rows to one configuration, then reviews the new records. */
  copyTo(conf: number): void;
  /** Copies the rows to each of these configurations, then one review of them all. */
  copyToMany(confs: readonly number[]): void;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What is copied, in words: `3 rules`, `1 cache setting`. */
export function copyingWhat(keys: readonly string[]): string {
  return plural(keys.length, parseKey(keys[0] ?? 'rule:0:0').kind === 'rule' ? 'rule' : 'cache setting');
}

/** The marked configurations the rows being copied can go to (those marked but the one they are from). */
function targetsOf(data: AppState, ui: UiState): number[] {
  return markedConfigurations(data, ui).filter((c) => c !== ui.copying?.from);
}

/** 1 when the palette offers the marked configurations as one entry, else 0 (its status line's count). */
export function copyTargetsEntry(data: AppState, ui: UiState): number {
  return targetsOf(data, ui).length ? 1 : 0;
}

/** The configurations matching `query` (lower-case, trimmed) that the rows being copied can go to. */
export function copyItems(data: AppState, ui: UiState, query: string, choices: CopyChoices, max: number): Item[] {
  const out: Item[] = [];
  if (!ui.copying) return out;
  const { keys, from } = ui.copying;
  const what = copyingWhat(keys);
  const targets = targetsOf(data, ui);
  if (targets.length) {
    const left = markedConfigurations(data, ui).includes(from) ? ' (this one left out: the source)' : '';
    const label = `copy ${what} to the ${plural(targets.length, 'marked configuration')}${left}`;
    if (query === '' || label.toLowerCase().includes(query))
      out.push({ key: 'marked', label, value: 'marked', go: () => choices.copyToMany(targets) });
  }
  for (const k of data.lists.configurations?.keys ?? []) {
    const r = data.records[k];
    const conf = parseKey(k).id!;
    if (!r || conf === from || !(String(conf) === query || matches(r, query))) continue;
    out.push({ key: k, label: `copy ${what} to ${safe(r.name)} (${conf})`, value: conf, go: () => choices.copyTo(conf) });
    if (out.length >= max) break;
  }
  return out;
}
