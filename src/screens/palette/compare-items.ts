// The palette while `=` waits for the other side of a compare (docs/ux.md §8): this profile's
// configurations by name or id (not the one compared), another profile's as `profile:name` or
// `profile:id` — that profile is opened once its name is typed (and stays open) — and, for each
// other profile, an entry that types its `profile:` for you.
import type { CompareSide } from '../../app/routes.js';
import type { Profiles } from '../../app/profiles.js';
import type { AppState, AppStore } from '../../store/index.js';
import { safe } from '../../ui/text.js';
import { errorMessage } from '../../util/errors.js';
import { matches } from '../rows.js';
import type { Item } from './profile-items.js';

/** The query split into the profile it names (`prod:acme`) and the rest; no known profile before a `:`, the profile on screen. */
export function compareQuery(
  query: string,
  onScreen: string,
  profiles: Profiles | undefined,
): { readonly profile: string; readonly rest: string } {
  const colon = query.indexOf(':');
  if (colon > 0 && profiles) {
    const named = query.slice(0, colon).trim().toLowerCase();
    const known = [onScreen, ...profiles.list().entries.map((e) => e.name)].find((n) => n.toLowerCase() === named);
    if (known !== undefined) return { profile: known, rest: query.slice(colon + 1).trim() };
  }
  return { profile: onScreen, rest: query.trim() };
}

/** The store of another profile, opened for the compare (once: the session stays open), or why it cannot be. */
export function otherStore(profiles: Profiles, name: string): { readonly store: AppStore } | { readonly problem: string } {
  try {
    return { store: profiles.get(name).session.store };
  } catch (e) {
    return { problem: errorMessage(e) };
  }
}

export interface CompareChoices {
  readonly comparing: CompareSide;
  readonly onScreen: string;
  /** The data of the profile on screen. */
  readonly data: AppState;
  /** The lower-case query. */
  readonly query: string;
  readonly profiles: Profiles | undefined;
  /** The store of the profile the query names, when it is another one. */
  readonly other?: { readonly store: AppStore } | { readonly problem: string };
  compareWith(side: CompareSide): void;
  /** Types a profile's `name:` into the query. */
  typeProfile(name: string): void;
  /** At most this many entries. */
  readonly max: number;
}

/** The configurations of one profile's data matching `rest` (name words or the id). */
function configurations(data: AppState, profile: string, rest: string, c: CompareChoices, out: Item[]): void {
  const qualified = profile !== c.onScreen;
  const listAsOf = data.lists.configurations;
  for (const k of listAsOf?.keys ?? []) {
    const r = data.records[k];
    if (!r) continue;
    const conf = Number(r.id);
    if (!qualified && conf === c.comparing.conf) continue;
    if (rest !== '' && String(conf) !== rest && !matches(r, rest)) continue;
    const name = String(r.name);
    const shown = `${qualified ? `${safe(profile)}:` : ''}${safe(name)} (${conf})`;
    out.push({
      key: `compare:${profile}:${k}`,
      label: `compare with ${shown}`,
      help: safe(r.domain_name),
      value: k,
      go: () => c.compareWith({ profile, conf, name }),
    });
    if (out.length >= c.max) return;
  }
}

export function compareItems(c: CompareChoices): Item[] {
  const out: Item[] = [];
  const { profile, rest } = compareQuery(c.query, c.onScreen, c.profiles);
  if (profile === c.onScreen) {
    configurations(c.data, profile, rest, c, out);
    // The other profiles: choosing one types `name:`, and its configurations are listed.
    for (const e of c.profiles?.list().entries ?? []) {
      if (e.name === c.onScreen || (rest !== '' && !e.name.toLowerCase().includes(rest))) continue;
      out.push({
        key: `compare-profile:${e.name}`,
        label: `${safe(e.name)}:…`,
        help: `a configuration of profile ${safe(e.name)}`,
        value: e.name,
        go: () => c.typeProfile(e.name),
      });
    }
    return out;
  }
  const other = c.other;
  if (!other) return out;
  if ('problem' in other) {
    out.push({
      key: 'compare:problem',
      label: `profile ${safe(profile)} cannot be opened`,
      help: safe(other.problem),
      value: 'problem',
      go: () => undefined,
    });
    return out;
  }
  const data = other.store.getState();
  const request = data.requests.configurations;
  if (!data.lists.configurations) {
    const why =
      request?.status === 'error' ? `could not read its configurations: ${safe(request.message ?? '')}` : 'reading its configurations…';
    out.push({ key: 'compare:reading', label: `profile ${safe(profile)}`, help: why, value: 'reading', go: () => undefined });
    return out;
  }
  configurations(data, profile, rest, c, out);
  return out;
}
