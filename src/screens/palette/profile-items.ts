// The palette's profiles (docs/ux.md §8): the config file's profiles, each switching the whole app to
// it; the one on screen says so. Without profiles (the demo, no config file) one line says there
// are none and how to make one; a config file that cannot be read says why.
import type { Choice } from '../../components/select-list.js';
import type { Profiles } from '../../app/profiles.js';
import type { UiStore } from '../../app/ui-store.js';
import { safe } from '../../ui/text.js';
import { errorMessage } from '../../util/errors.js';

export interface Item extends Choice {
  readonly go: () => void;
}

/** `query` (lower-case, trimmed) matches `label` when empty or inside it. */
const hit = (label: string, query: string) => query === '' || label.toLowerCase().includes(query);

/** The profiles matching `query`, and what tells there are none (`none`: put last by the caller). */
export function profileItems(
  profiles: Profiles | undefined,
  query: string,
  choose: (name: string) => void,
  close: () => void,
): { readonly items: Item[]; readonly none?: Item } {
  if (!profiles) return { items: [] };
  const { entries, problem } = profiles.list();
  const on = profiles.current().name;
  const items: Item[] = [];
  for (const e of entries) {
    const label = `profile ${safe(e.name)}`;
    if (!hit(label, query)) continue;
    const help = `${safe(e.baseUrl ?? 'no base_url')}${e.name === on ? ' · on screen' : ''}`;
    items.push({ key: `profile:${e.name}`, label, help, value: e.name, go: () => choose(e.name) });
  }
  if (problem !== undefined && hit('profiles', query))
    return {
      items,
      none: {
        key: 'profiles:problem',
        label: 'profiles: the config file cannot be used',
        help: safe(problem),
        value: 'problem',
        go: close,
      },
    };
  if (entries.length === 0 && hit('profiles', query))
    return {
      items,
      none: { key: 'profiles:none', label: 'no profiles', help: `cdn-tui login --profile NAME adds one`, value: 'none', go: close },
    };
  return { items };
}

/** Puts profile `name` on screen; a profile that cannot be opened (no token, no such profile) is said where the user is. */
export function switchProfile(profiles: Profiles, ui: UiStore, name: string): void {
  if (profiles.current().name === name) return;
  try {
    const next = profiles.switchTo(name);
    const pending = Object.keys(next.session.store.getState().drafts).length;
    next.session.ui
      .getState()
      .say(
        'info',
        `profile ${name} · ${safe(next.options.demo ? 'the demo' : next.options.baseUrl)}${pending ? ` · ${pending} pending change${pending === 1 ? '' : 's'}` : ''}`,
      );
  } catch (e) {
    ui.getState().say('error', `cannot switch to profile ${safe(name)}: ${safe(errorMessage(e))}`);
  }
}
