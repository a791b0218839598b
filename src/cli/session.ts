// What the TUI needs before any Ink or React is loaded: the API client, the draft journal, the
// stores, and the first load of the configurations, started at once so the request is on its way
// (and its first page often in) while Ink loads and draws.
import diagnostics from 'node:diagnostics_channel';
import { createApiClient, type ApiClient } from '../api/index.js';
import type { TuiOptions } from '../app/options.js';
import { createUiStore, type UiStore } from '../app/ui-store.js';
import { createAppStore, createFileJournal, journalFile, type AppState, type AppStore, type DraftJournal } from '../store/index.js';
import { errorMessage } from '../util/errors.js';

export interface Session {
  readonly api: ApiClient;
  readonly journal: DraftJournal;
  readonly store: AppStore;
  readonly ui: UiStore;
  /** Resolves once the first request is on the wire (its headers sent), or after `ms`. */
  requestSent(ms: number): Promise<void>;
  /** Resolves once the first page of configurations is in (or the first try failed, or the session stopped), or after `ms`. */
  firstPage(ms: number): Promise<void>;
  /** Stops the first load (a request out, a retry waiting): the TUI has quit. */
  stop(): void;
}

/** The longest wait between two tries of the first load. */
const MAX_RETRY_MS = 15_000;

export function openSession(options: TuiOptions): Session {
  const sent = firstSend();
  const api = createApiClient({ baseUrl: options.baseUrl, token: options.token });
  // The demo's port changes at every start: its drafts are journaled under one name.
  const journalId = options.demo ? 'demo' : options.baseUrl;
  const journal = createFileJournal(journalFile(options.stateDir, journalId), journalId);
  const store = createAppStore({ api, journal });
  // Drafts kept from an earlier session (a crash, a dropped link) are offered back first.
  const ui = createUiStore({ screen: 'browser' }, Object.keys(store.getState().drafts).length ? 'restore' : undefined);
  const notice = store.getState().journalNotice ?? options.notice;
  if (notice) ui.getState().say('info', notice);

  const stopped = new AbortController();
  void keepLoading(async () => {
    try {
      await store.getState().loadConfigurations(stopped.signal);
    } catch (e) {
      if (!stopped.signal.aborted) ui.getState().say('error', `cannot reach ${options.baseUrl}: ${errorMessage(e)}; retrying (r to retry now)`);
      throw e;
    }
  }, stopped.signal);
  const settled = (s: AppState) => s.lists.configurations !== undefined || s.requests.configurations?.status === 'error';
  const firstPage = (ms: number) =>
    new Promise<void>((done) => {
      if (settled(store.getState()) || stopped.signal.aborted) return done();
      const finish = () => {
        clearTimeout(timer);
        off();
        stopped.signal.removeEventListener('abort', finish);
        done();
      };
      const timer = setTimeout(finish, ms);
      const off = store.subscribe((s) => settled(s) && finish());
      stopped.signal.addEventListener('abort', finish, { once: true });
    });
  const requestSent = (ms: number) => Promise.race([sent.promise, new Promise<void>((done) => setTimeout(done, ms).unref())]).finally(sent.stop);
  return { api, journal, store, ui, requestSent, firstPage, stop: () => (stopped.abort(), sent.stop()) };
}

/** When this process first sends a request's headers (undici's diagnostics channel `undici:client:sendHeaders`). */
function firstSend(): { readonly promise: Promise<void>; readonly stop: () => void } {
  let resolve = () => undefined as void;
  const promise = new Promise<void>((done) => (resolve = done));
  const seen = () => {
    stop();
    resolve();
  };
  const stop = () => channel.unsubscribe(seen);
  const channel = diagnostics.channel('undici:client:sendHeaders');
  channel.subscribe(seen);
  return { promise, stop };
}

/** Retries the first load while the API cannot be reached (k9s-style), until stopped. */
async function keepLoading(load: () => Promise<void>, stopped: AbortSignal): Promise<void> {
  for (let wait = 1000; !stopped.aborted; wait = Math.min(wait * 2, MAX_RETRY_MS)) {
    try {
      await load();
      return;
    } catch {
      await pause(wait, stopped);
    }
  }
}

function pause(ms: number, stopped: AbortSignal): Promise<void> {
  return new Promise((done) => {
    const timer = setTimeout(finish, ms);
    stopped.addEventListener('abort', finish, { once: true });
    function finish() {
      clearTimeout(timer);
      stopped.removeEventListener('abort', finish);
      done();
    }
  });
}
