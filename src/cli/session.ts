// What the TUI needs before any Ink or React is loaded: the API client, the draft journal, the
// stores, and the first load of the configurations, started at once so the request is on its way
// (and its first page often in) while Ink loads and draws.
import diagnostics from 'node:diagnostics_channel';
import { LimitError, createApiClient, type ApiClient } from '../api/index.js';
import type { TuiOptions } from '../app/options.js';
import { createUiStore, type UiStore } from '../app/ui-store.js';
import { createAppStore, createFileJournal, journalFile, type AppStore, type DraftJournal } from '../store/index.js';
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
  const sent = watchFirstSend();
  const api = createApiClient({
    baseUrl: options.baseUrl,
    token: options.token,
    ...(options.maxBodyBytes !== undefined ? { maxBodyBytes: options.maxBodyBytes } : {}),
    timeouts: { ...(options.headersTimeoutMs !== undefined ? { headers: options.headersTimeoutMs } : {}), ...(options.bodyTimeoutMs !== undefined ? { body: options.bodyTimeoutMs } : {}) },
  });
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
      if (stopped.signal.aborted) throw e;
      // Over a bound the same answer would come again: said once, tried again only on `r`.
      if (e instanceof LimitError) ui.getState().say('error', `${errorMessage(e)} (r to try again)`);
      else ui.getState().say('error', `cannot reach ${options.baseUrl}: ${errorMessage(e)}; retrying (r to retry now)`);
      throw e;
    }
  }, stopped.signal);

  const pageIn = () => {
    const s = store.getState();
    return stopped.signal.aborted || s.lists.configurations !== undefined || s.requests.configurations?.status === 'error';
  };
  return {
    api,
    journal,
    store,
    ui,
    requestSent: (ms) => within(ms, sent.done, sent.watch),
    firstPage: (ms) => within(ms, pageIn, (changed) => store.subscribe(changed)),
    stop: () => {
      stopped.abort();
      sent.stop();
    },
  };
}

/** Whether this process has sent a request's headers yet (undici's diagnostics channel tells). */
function watchFirstSend(): { done: () => boolean; watch: (changed: () => void) => () => void; stop: () => void } {
  const channel = diagnostics.channel('undici:client:sendHeaders');
  const watchers = new Set<() => void>();
  let done = false;
  const seen = () => {
    done = true;
    stop();
    for (const w of watchers) w();
  };
  const stop = () => channel.unsubscribe(seen);
  channel.subscribe(seen);
  return {
    done: () => done,
    watch: (changed) => {
      watchers.add(changed);
      return () => watchers.delete(changed);
    },
    stop,
  };
}

/** Resolves once `ready()` holds (checked whenever `watch` says something changed), or after `ms`. */
function within(ms: number, ready: () => boolean, watch: (changed: () => void) => () => void): Promise<void> {
  if (ready()) return Promise.resolve();
  return new Promise((done) => {
    const finish = () => {
      clearTimeout(timer);
      unwatch();
      done();
    };
    const timer = setTimeout(finish, ms);
    const unwatch = watch(() => {
      if (ready()) finish();
    });
  });
}

/** Retries the first load while the API cannot be reached (k9s-style), until stopped; an answer over a bound ends it. Exported for its test. */
export async function keepLoading(load: () => Promise<void>, stopped: AbortSignal): Promise<void> {
  for (let wait = 1000; !stopped.aborted; wait = Math.min(wait * 2, MAX_RETRY_MS)) {
    try {
      await load();
      return;
    } catch (e) {
      if (e instanceof LimitError) return;
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
