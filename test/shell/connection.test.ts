// The app's side of reconnecting and logging in again (issue 21): the header's words (countdown
// first, so a narrow header keeps it), what a try reads again (the view on screen), and when the
// login overlay opens by itself.
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/api/index.js';
import { connectionProblem } from '../../src/shell/connection-text.js';
import { offerLogin } from '../../src/shell/login-offer.js';
import type { Route } from '../../src/app/routes.js';
import { createUiStore } from '../../src/app/ui-store.js';
import { viewKeys } from '../../src/shell/view-keys.js';
import { createAppStore, createMemoryJournal } from '../../src/store/index.js';

const REFUSED = 'cannot reach 127.0.0.1:4010: connection refused (nothing listens there; check the URL and port)';

describe('connectionProblem: the header while the API cannot be used', () => {
  it('online and nothing failing: nothing (the header says "updated …")', () => {
    expect(connectionProblem({ online: true, lastSuccessAt: 1 }, undefined, '·')).toBeUndefined();
  });

  it('no answer, tried again on its own: offline, the countdown, then why', () => {
    const c = { online: false, lastError: REFUSED, retryable: true, retryAt: 1 };
    expect(connectionProblem(c, 12, '·')).toBe(`offline · retrying in 12 s (r now) · ${REFUSED}`);
    expect(connectionProblem(c, 0, '·')).toBe(`offline · retrying now… · ${REFUSED}`);
    expect(connectionProblem({ ...c, retryAt: undefined }, undefined, '.')).toBe(`offline . retrying now… . ${REFUSED}`);
  });

  it('a server error is no "offline": it answered', () => {
    expect(
      connectionProblem({ online: true, lastError: 'server error (503 Service Unavailable)', retryable: true, retryAt: 1 }, 4, '·'),
    ).toBe('retrying in 4 s (r now) · server error (503 Service Unavailable)');
  });

  it('what another try would not change: why, and that r tries again', () => {
    const rejected = 'the token was rejected (401): run `cdn-tui login` or check the profile';
    expect(connectionProblem({ online: true, lastError: rejected, retryable: false }, undefined, '·')).toBe(`${rejected} (r retries)`);
    expect(connectionProblem({ online: false }, undefined, '·')).toBe('offline (r retries)');
  });

  it('a rejected token, where the app can log in again: says so, not "run cdn-tui login"', () => {
    const c = {
      online: true,
      lastError: 'the token was rejected (401): run `cdn-tui login` or check the profile',
      retryable: false,
      rejectedAt: 5,
    };
    expect(connectionProblem(c, undefined, '·', true)).toBe('the token was rejected (401) · r: log in again');
    expect(connectionProblem(c, undefined, '·', false)).toBe(`${c.lastError} (r retries)`);
  });

  it('control characters in a reason are shown, not obeyed', () => {
    expect(connectionProblem({ online: true, lastError: 'bad\u001b[2Jthing', retryable: false }, undefined, '·')).not.toContain('\u001b');
  });
});

describe('viewKeys: what a try reads again', () => {
  const on = (...routes: Route[]) => {
    const ui = createUiStore();
    for (const r of routes) ui.getState().push(r);
    return ui;
  };

  it('the list or record on screen, not every call that failed', () => {
    expect(viewKeys(on().getState())).toEqual(['configurations']);
    const conf = on({ screen: 'configuration', conf: 7 });
    expect(viewKeys(conf.getState())).toEqual(['configuration:7']);
    conf.getState().setTab(7, 'rules');
    expect(viewKeys(conf.getState())).toEqual(['rule:7']);
    conf.getState().setTab(7, 'error_responses');
    expect(viewKeys(conf.getState())).toEqual(['error_responses:7']);
    expect(viewKeys(on({ screen: 'form', key: 'rule:7:45', kind: 'rule', conf: 7 }).getState())).toEqual(['rule:7']);
    expect(viewKeys(on({ screen: 'form', key: 'configuration:new-abc', kind: 'configuration' }).getState())).toEqual(['configurations']);
    expect(viewKeys(on({ screen: 'bulk', keys: ['cache_setting:3:1'], kind: 'cache_setting', conf: 3 }).getState())).toEqual([
      'cache_setting:3',
    ]);
  });

  it('a review: what its drafts change, each list once, a few at most', () => {
    const keys = ['rule:7:1', 'rule:7:2', 'configuration:7', 'error_responses:7', 'rule:8:1', 'rule:9:1', 'rule:new-x:new-y'];
    expect(viewKeys(on({ screen: 'review', keys, title: 't', id: 1 }).getState())).toEqual([
      'rule:7',
      'configuration:7',
      'error_responses:7',
      'rule:8',
    ]);
  });
});

describe('offerLogin: the login overlay opens by itself on a rejected token', () => {
  const setup = () => {
    let t = 1000;
    const data = createAppStore({
      api: createApiClient({ baseUrl: 'http://127.0.0.1:1', token: 'test-token-1234' }),
      journal: createMemoryJournal(),
    });
    const ui = createUiStore();
    const reject = () => data.setState((s) => ({ connection: { ...s.connection, lastError: '401', rejectedAt: ++t } }));
    const stop = offerLogin(data, ui, () => ++t);
    return { data, ui, reject, stop };
  };

  it('opens on a 401; Esc closes it; only a 401 after that opens it again; a success ends it', () => {
    const { data, ui, reject, stop } = setup();
    expect(ui.getState().overlay).toBeUndefined();
    reject();
    expect(ui.getState().overlay).toBe('login');
    reject(); // another call of the same moment: it is open already
    ui.getState().setOverlay(undefined);
    data.setState((s) => ({ connection: { ...s.connection, lastError: 'other' } }));
    expect(ui.getState().overlay).toBeUndefined();
    reject(); // r read the view again: rejected again
    expect(ui.getState().overlay).toBe('login');
    stop();
  });

  it('waits while the user answers a question, the restore offer or the palette, or types in an input; help gives way', () => {
    const { ui, reject, stop } = setup();
    ui.getState().setOverlay('help');
    reject();
    expect(ui.getState().overlay).toBe('login');
    ui.getState().setOverlay('restore');
    reject();
    expect(ui.getState().overlay).toBe('restore');
    ui.getState().setOverlay(undefined);
    expect(ui.getState().overlay).toBe('login'); // once the offer is answered
    ui.getState().setOverlay(undefined);
    ui.getState().setForm('form:rule:7:45', (f) => ({ ...f, editing: 'text' }));
    reject();
    expect(ui.getState().overlay).toBeUndefined();
    ui.getState().setForm('form:rule:7:45', ({ editing: _, ...f }) => f);
    expect(ui.getState().overlay).toBe('login');
    ui.getState().setOverlay(undefined);
    ui.getState().ask({ kind: 'clone', conf: 1, from: 'a', name: 'a (copy)' });
    reject();
    expect(ui.getState().overlay).toBeUndefined();
    ui.getState().ask(undefined);
    expect(ui.getState().overlay).toBe('login');
    stop();
  });
});
