// Screens in ink-testing-library, over a store wired to an in-process emulator: what a user sees
// after each key.
import { render } from 'ink-testing-library';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { App } from '../../src/shell/app.js';
import { createUiStore } from '../../src/app/ui-store.js';
import { createApiClient } from '../../src/api/index.js';
import { createAppStore, createMemoryJournal } from '../../src/store/index.js';
import { detectTheme } from '../../src/ui/theme.js';
import { startTestEmulator, waitFor, type TestEmulator } from '../helpers/emulator.js';
import { startExtraFieldsProxy } from '../helpers/extra-fields-proxy.js';
import { demoId } from '../helpers/seed-ids.js';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await startTestEmulator(['--seed', 'demo']);
});
afterAll(() => emu.close());

/** The app over the emulator, or over what `baseUrl` puts in front of it. */
async function mount(options: { readOnly?: boolean; baseUrl?: string } = {}) {
  const baseUrl = options.baseUrl ?? emu.url;
  const store = createAppStore({ api: createApiClient({ baseUrl, token: emu.token }), journal: createMemoryJournal() });
  const ui = createUiStore();
  const opts = { baseUrl, token: emu.token, label: 'TEST', demo: false, readOnly: options.readOnly ?? false, stateDir: '/nonexistent' };
  const app = render(
    <App store={store} ui={ui} options={opts} theme={detectTheme({ LANG: 'C.UTF-8', NO_COLOR: '1' })} onQuit={() => undefined} />,
  );
  await store.getState().loadConfigurations();
  await waitFor(() => app.lastFrame()?.includes('winter sale'));
  await new Promise((r) => setImmediate(r));
  const press = async (...keys: string[]) => {
    for (const k of keys) {
      app.stdin.write(k);
      await new Promise((r) => setImmediate(r));
    }
  };
  return { ...app, store, ui, press, frame: () => app.lastFrame() ?? '' };
}

describe('screens', () => {
  it('browser: filters as you type and clears with Esc', async () => {
    const app = await mount();
    await app.press('/', 'd', 'o', 'c', 's');
    await waitFor(() => app.frame().includes('1 of 12 configurations') || app.frame().includes('/docs'));
    await waitFor(() => !app.frame().includes('winter sale'));
    expect(app.frame()).toContain('acme developer docs');
    await app.press('\u001b');
    await waitFor(() => app.frame().includes('winter sale'));
    app.unmount();
  });

  it('settings: an edit marks the field, a bad value shows its error beside it, review shows the request', async () => {
    const app = await mount();
    await app.press('j', 'j', '\r');
    await waitFor(() => app.frame().includes('delivery protocol'));
    await app.press('\r', '\u0015', 'x', 'y', 'z', '\r');
    await waitFor(() => /\* name\s+xyz/.test(app.frame()));
    await app.press('j', 'j', 'j', 'j', 'j', 'j', '\r', ',', 'n', 'o', ' ', 'h', 'o', 's', 't', '\r');
    await waitFor(() => app.frame().includes('error: "no" is not a valid host name.'));
    await app.press('u');
    await waitFor(() => !app.frame().includes('error:'));
    await app.press('s');
    await waitFor(() => app.frame().includes(`PATCH /content_delivery/configurations/${demoId(3)} {"name": "xyz"}`));
    expect(app.frame()).toContain('name: -"acme public api v2" → +"xyz"');
    app.unmount();
  });

  it('help lists the keys of the view under it, and any key closes it', async () => {
    const app = await mount();
    await app.press('?');
    await waitFor(() => app.frame().includes('Keys of this view'));
    expect(app.frame()).toMatch(/\/ +filter as you type/);
    expect(app.frame()).toMatch(/n +new record/);
    await app.press('x');
    await waitFor(() => app.frame().includes('winter sale'));
    app.unmount();
  });

  it('read-only: editing says why and changes nothing', async () => {
    const app = await mount({ readOnly: true });
    expect(app.frame()).toContain('READ-ONLY');
    await app.press('\r');
    await waitFor(() => app.frame().includes('delivery protocol'));
    await app.press('\r');
    await waitFor(() => app.frame().includes('error: read-only'));
    expect(app.store.getState().drafts).toEqual({});
    app.unmount();
  });

  it('the footer: a message said while a job goes on comes before the job line; one said before the job began does not', async () => {
    const app = await mount();
    app.ui.getState().say('ok', 'saved rule /old (1)');
    await waitFor(() => app.frame().includes('saved rule /old'));
    app.store.setState({ searching: { done: 3, total: 12 } });
    await waitFor(() => app.frame().includes('searched 3 of 12 configurations'));
    expect(app.frame()).not.toContain('saved rule /old');
    app.ui.getState().say('ok', '16 applied · marks cleared');
    await waitFor(() => app.frame().includes('✓ 16 applied · marks cleared · searched 3 of 12 configurations'));
    app.store.setState({ searching: undefined });
    await waitFor(() => !app.frame().includes('searched 3 of 12'));
    expect(app.frame()).toContain('✓ 16 applied · marks cleared');
    app.unmount();
  });
});

describe('fields a server sends beyond the schema (docs/api.md §6)', () => {
  const EXTRAS = { legacy_plan: 'gold\u0007', edge_meta: { tier: 2 }, retired_at: null };

  it('are shown read-only after the fields of a configuration, a rule, a cache setting and the error responses; Enter says why; an edit never sends them', async () => {
    const proxy = await startExtraFieldsProxy(emu.url, EXTRAS);
    const app = await mount({ baseUrl: proxy.url });
    try {
      const where = () => app.frame().split('\n')[0] ?? '';
      const extrasShown = () => {
        const f = app.frame();
        return (
          /legacy_plan +gold\^G +\(read-only: not in this API version\)/.test(f) &&
          /edge_meta +\{"tier":2\}/.test(f) &&
          /retired_at +none/.test(f)
        );
      };
      await app.press('j', 'j', '\r');
      await waitFor(() => app.frame().includes('delivery protocol'));
      await app.press('G');
      await waitFor(extrasShown);
      await app.press('\r');
      await waitFor(() => app.frame().includes('retired_at is read-only: not in this API version'));
      expect(app.frame()).not.toMatch(/retired_at +none.*‹›/);
      expect(app.store.getState().drafts).toEqual({});
      for (const [key, tab] of [
        ['2', 'rules'],
        ['3', 'cache settings'],
      ] as const) {
        // The tab's list (a row under its header: a seeded id has 10 digits), then its first record's own form.
        await app.press(key);
        await waitFor(() => where().includes(`› ${tab} `) && /^ +\d{10} \S/m.test(app.frame()));
        await app.press('\r', 'G');
        await waitFor(() => where().includes(`› ${tab} › `) && extrasShown());
        await app.press('q');
      }
      await app.press('4', 'G');
      await waitFor(() => where().includes('› error responses') && extrasShown());
      // An edit of a known field sends that field alone: the extras stay where the server keeps them.
      await app.press('1', 'g', 'j', 'j', '\r', '\u0015', 'x', 'y', 'z', '\r', 's');
      await waitFor(() => app.frame().includes(`PATCH /content_delivery/configurations/${demoId(3)} {"name": "xyz"}`));
    } finally {
      app.unmount();
      await proxy.close();
    }
  });
});
