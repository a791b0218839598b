// What the TUI needs before any Ink or React is loaded: the API client, the draft journal, the
// stores, and the first load of the configurations, started at once so the request is on its way
// (and its first page often in) while Ink loads and draws.
import diagnostics from 'node:diagnostics_channel';
import { createApiClient, ClientError, isRetryable, explain, type AttemptEvent, type ClientOptions } from '../api/index.js';
import type { TuiOptions } from '../app/options.js';
import { createUiStore } from '../app/ui-store.js';
import type { Session } from '../app/profiles.js';
import { offerLogin } from './login-offer.js';
import { viewKeys } from './view-keys.js';
import { startReconnect } from '../store/reconnect.js';
import { createAppStore, createFileHistory, historyFile, openSessionJournal } from '../store/index.js';
import { watchJournal } from './journal-watch.js';
import { createRelogin, type TokenKeeper } from './relogin.js';
import { createFileKeep, keepFile } from '../store/keep/file.js';

export type { Session };

/** The TUI's options and what only the API client needs. */
export interface SessionOptions extends TuiOptions {
  /** The API client's settings (the command line turns its flags and profile into them: src/cli/client-options.ts). */
  readonly client: ClientOptions;
  /** Where a login inside the TUI keeps the new token (src/cli/login-keeper.ts); none: the demo, never refused. */
  readonly login?: TokenKeeper;
}

export function openSession(options: SessionOptions): Session {
  const sent = watchFirstSend();
  // A call that waits to try again (429, a server error, a dropped connection) says so in the header.
  let onRetry: (event: AttemptEvent) => void = () => undefined;
  const api = createApiClient({ ...options.client, onAttempt: (event) => onRetry(event) });
  // The demo's port changes at every start: its drafts and history are kept under one name.
  const apiId = options.demo ? 'demo' : options.baseUrl;
  // A journal of this process's own; drafts of sessions that ended are taken over (and offered).
  const journal = openSessionJournal(options.stateDir, apiId);
  const history = createFileHistory(historyFile(options.stateDir, apiId));
  // Lists kept by an earlier session are drawn at once (the first frame need not wait for an
  // answer) while the first load refreshes them. A cache folder that cannot be written is said once.
  let keepProblem: (sentence: string) => void = () => undefined;
  const keep =
    options.keepDir === undefined
      ? undefined
      : createFileKeep(keepFile(options.keepDir, options.baseUrl), (sentence) => keepProblem(sentence));
  const store = createAppStore({ api, journal, history, ...(keep ? { keep } : {}) });
  onRetry = (event) => {
    // A 429 that the budget waits out is pacing, not a failure: the status line says how long.
    if (event.paced || event.retryInMs === undefined || event.error === undefined) return;
    // The header counts down to the transport's own next attempt, as to the app's tries (reconnect.ts).
    const lastError = explain(event.error);
    const retryAt = Date.now() + event.retryInMs;
    store.setState((s) => ({ connection: { ...s.connection, online: event.status !== undefined, lastError, retryable: true, retryAt } }));
  };
  // Drafts kept from an earlier session (a crash, a dropped link) are offered back first.
  const ui = createUiStore({ screen: 'browser' }, Object.keys(store.getState().drafts).length ? 'restore' : undefined);
  const notice = store.getState().journalNotice ?? options.notice;
  if (notice) ui.getState().say('info', notice);
  keepProblem = (sentence) => ui.getState().say('info', sentence);
  const unwatchJournal = watchJournal(store, ui, journal);

  // While the API cannot be reached (or fails with a 5xx), the view on screen is read again on its
  // own, with a countdown in the header, until it answers (the first load included).
  const reread = () => Promise.all(viewKeys(ui.getState()).map((key) => store.getState().reload(key)));
  const reconnect = startReconnect({ store, reread });
  // A rejected token offers a login in the app, which saves the new token as `cdn-tui login` does,
  // switches the client to it and reads the view again; drafts stay as they are.
  const login = options.login && !options.demo ? createRelogin(api, options.login, () => void reread()) : undefined;
  const stopOffer = login ? offerLogin(store, ui) : () => undefined;

  const stopped = new AbortController();
  store
    .getState()
    .loadConfigurations(stopped.signal)
    .catch((e: unknown) => {
      // What another try would not change is said once; the rest the header counts down to.
      if (!stopped.signal.aborted && !worthRetrying(e))
        ui.getState().say('error', `${explain(e)} (r tries again)`, undefined, '(r tries again)');
    });

  const pageIn = () => {
    const s = store.getState();
    return stopped.signal.aborted || s.lists.configurations !== undefined || s.requests.configurations?.status === 'error';
  };
  return {
    api,
    journal,
    store,
    ui,
    control: { reloadView: reconnect.retryNow, ...(login ? { login } : {}) },
    requestSent: (ms) => within(ms, sent.done, sent.watch),
    firstPage: (ms) => within(ms, pageIn, (changed) => store.subscribe(changed)),
    stop: () => {
      stopped.abort();
      sent.stop();
      reconnect.stop();
      stopOffer();
      unwatchJournal();
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

/** Another try may change the answer (src/api/transport.ts decides, as for its own retries). */
function worthRetrying(e: unknown): boolean {
  return e instanceof ClientError && isRetryable(e);
}
