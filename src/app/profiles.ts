// The profiles of one running TUI (docs/ux.md §8): each profile opened so far has a session of its own
// (API client with its token and rate-limit budget, drafts journal, history, kept lists, data and
// UI stores), kept open until the app quits, so switching back finds its drafts and its place.
// One of them is on screen; the app is drawn anew over its stores when it changes.
import type { TokenClient } from '../api/index.js';
import type { AppStore, DraftJournal } from '../store/index.js';
import type { ConnectionControl } from './connection-control.js';
import type { TuiOptions } from './options.js';
import type { UiStore } from './ui-store.js';

/** What a profile has open while the app runs (opened by the shell: src/shell/session.ts). */
export interface Session {
  readonly api: TokenClient;
  readonly journal: DraftJournal;
  readonly store: AppStore;
  readonly ui: UiStore;
  /** Resolves once the first request is on the wire (its headers sent), or after `ms`. */
  requestSent(ms: number): Promise<void>;
  /** Resolves once the first page of configurations is in (or kept from an earlier session; or the first try failed, or the session stopped), or after `ms`. */
  firstPage(ms: number): Promise<void>;
  /** Trying again now, and logging in again (a token rejected), for the UI. */
  readonly control: ConnectionControl;
  /** Stops the first load and the tries again (a request out, a retry waiting): the TUI has quit. */
  stop(): void;
}

/** A profile as the palette lists it. */
export interface ProfileEntry {
  readonly name: string;
  /** Its API, as the config file says (or `the demo`). */
  readonly baseUrl?: string;
}

/** Where profiles come from (src/cli/profiles.ts): the config file, and opening one. */
export interface ProfileSource {
  /** The name of the profile the app started on (its profile, else its label: `DEMO`, the API's host). */
  readonly first: string;
  /** The config file's path, for messages. */
  readonly path: string;
  /** The profiles to switch to; `problem`: why the config file could not be read. */
  list(): { readonly entries: readonly ProfileEntry[]; readonly problem?: string };
  /** Opens a session on a profile; throws an Error of one sentence when it cannot (no token, no such profile). */
  open(name: string): { readonly options: TuiOptions; readonly session: Session };
}

export interface OpenProfile {
  readonly name: string;
  readonly options: TuiOptions;
  readonly session: Session;
}

export interface Profiles {
  /** The profile on screen. */
  current(): OpenProfile;
  /** The profiles to switch to (the config file's), with the problem reading it, if any. */
  list(): { readonly entries: readonly ProfileEntry[]; readonly problem?: string };
  /** Whether a profile's session is open already. */
  isOpen(name: string): boolean;
  /** The session of a profile, opened if need be; throws an Error of one sentence when it cannot be. */
  get(name: string): OpenProfile;
  /** Puts a profile on screen (opening it if need be); throws as get() does. */
  switchTo(name: string): OpenProfile;
  /** Told when the profile on screen changes. */
  subscribe(listener: () => void): () => void;
  /** Every session opened, the first first. */
  all(): readonly OpenProfile[];
}

/** The profiles of an app started on `first`; without a source (tests), just that one. */
export function createProfiles(first: OpenProfile, source?: ProfileSource): Profiles {
  const open = new Map<string, OpenProfile>([[first.name, first]]);
  const listeners = new Set<() => void>();
  let current = first;
  const get = (name: string): OpenProfile => {
    const known = open.get(name);
    if (known) return known;
    if (!source) throw new Error(`there is no profile "${name}"`);
    const made = source.open(name);
    const entry: OpenProfile = { name, options: { ...made.options, label: name }, session: made.session };
    open.set(name, entry);
    return entry;
  };
  return {
    current: () => current,
    list: () => source?.list() ?? { entries: [] },
    isOpen: (name) => open.has(name),
    get,
    switchTo: (name) => {
      const next = get(name);
      if (next !== current) {
        current = next;
        for (const l of listeners) l();
      }
      return next;
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    all: () => [...open.values()],
  };
}

/** Drafts pending in the profiles opened besides the one on screen: `[{ name: 'prod', count: 2 }]`. */
export function pendingElsewhere(profiles: Profiles | undefined): { readonly name: string; readonly count: number }[] {
  if (!profiles) return [];
  const on = profiles.current().name;
  return profiles
    .all()
    .filter((p) => p.name !== on)
    .map((p) => ({ name: p.name, count: Object.keys(p.session.store.getState().drafts).length }))
    .filter((p) => p.count > 0);
}
