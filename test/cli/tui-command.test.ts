// `cdn-tui` hands the resolved options to the TUI: the demo emulator in this process (closed when
// the TUI returns), a profile's API, and nothing at all without a terminal.
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TuiOptions } from '../../src/app/options.js';
import type { Session, SessionOptions } from '../../src/shell/session.js';
import { tempDir, waitFor } from '../helpers/emulator.js';

const seen: SessionOptions[] = [];
let during: (o: TuiOptions, session: Session) => Promise<void> = async () => undefined;

vi.mock('../../src/shell/run-tui.js', () => ({
  runTui: async (o: SessionOptions, session: Session) => {
    seen.push(o);
    await during(o, session);
    return 0;
  },
}));

const { tuiCommand } = await import('../../src/cli/tui.js');

afterEach(() => {
  seen.length = 0;
  during = async () => undefined;
  vi.restoreAllMocks();
});

function envFor() {
  const dir = tempDir('cdn-tui-tui-');
  return { CDN_TUI_CONFIG: join(dir, 'config.json'), XDG_STATE_HOME: join(dir, 'state'), XDG_CACHE_HOME: join(dir, 'cache') };
}

describe('tuiCommand', () => {
  it('without a terminal: one line, exit 2, the TUI never starts', async () => {
    const write = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    expect(await tuiCommand({ readOnly: false, demo: true }, { env: envFor(), interactive: () => false })).toBe(2);
    expect(write).toHaveBeenCalledTimes(1);
    expect(String(write.mock.calls[0]![0])).toMatch(/^cdn-tui: needs an interactive terminal .*ssh -t\n$/);
    expect(seen).toHaveLength(0);
  });

  it('TERM=dumb: one sentence, exit 2, the TUI never starts; an empty TERM is not refused', async () => {
    const write = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    expect(await tuiCommand({ readOnly: false, demo: true }, { env: { ...envFor(), TERM: 'dumb' }, interactive: () => true })).toBe(2);
    expect(write).toHaveBeenCalledTimes(1);
    expect(String(write.mock.calls[0]![0])).toMatch(
      /^cdn-tui: needs a terminal that can move the cursor, which TERM=dumb cannot; [^.\n]*\n$/,
    );
    expect(seen).toHaveLength(0);
    expect(await tuiCommand({ readOnly: false, demo: true }, { env: { ...envFor(), TERM: '' }, interactive: () => true })).toBe(0);
    expect(seen).toHaveLength(1);
  });

  it('the demo: an emulator with demo data, label DEMO, closed when the TUI returns', async () => {
    const env = envFor();
    let status = 0;
    let count = 0;
    during = async (o) => {
      const res = await fetch(`${o.baseUrl}/content_delivery/configurations`, { headers: { authorization: `Token ${o.token}` } });
      status = res.status;
      count = ((await res.json()) as unknown[]).length;
    };
    expect(await tuiCommand({ readOnly: true, demo: false }, { env, interactive: () => true })).toBe(0);
    expect(seen).toHaveLength(1);
    const o = seen[0]!;
    expect(o).toMatchObject({ label: 'DEMO', demo: true, readOnly: true, stateDir: join(env.XDG_STATE_HOME, 'cdn-tui') });
    expect(o.keepDir, 'the demo keeps no lists').toBeUndefined();
    expect(o.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(status).toBe(200);
    expect(count).toBeGreaterThan(0);
    await expect(fetch(`${o.baseUrl}/content_delivery/configurations`)).rejects.toThrow();
  });

  it('the first request is out before the TUI (and Ink) loads; its first page is there to draw', async () => {
    let atStart: string | undefined;
    let rows = 0;
    during = async (_o, session) => {
      atStart = session.store.getState().requests.configurations?.status;
      await session.firstPage(5000);
      rows = session.store.getState().lists.configurations?.keys.length ?? 0;
    };
    expect(await tuiCommand({ readOnly: false, demo: true }, { env: envFor(), interactive: () => true })).toBe(0);
    expect(atStart === 'loading' || atStart === 'idle').toBe(true);
    expect(rows).toBeGreaterThan(0);
  });

  it('an API from the flags: label is the host, no emulator', async () => {
    const env = envFor();
    expect(
      await tuiCommand(
        { readOnly: false, demo: false, baseUrl: 'https://api.example.test', token: 'flag-token-4444' },
        { env, interactive: () => true },
      ),
    ).toBe(0);
    const { login, ...options } = seen[0]!;
    expect(options).toEqual({
      baseUrl: 'https://api.example.test',
      token: 'flag-token-4444',
      label: 'api.example.test',
      demo: false,
      readOnly: false,
      stateDir: join(env.XDG_STATE_HOME, 'cdn-tui'),
      keepDir: join(env.XDG_CACHE_HOME, 'cdn-tui'),
      client: { baseUrl: 'https://api.example.test', token: 'flag-token-4444', timeouts: {} },
    });
    // A login inside the TUI (the token rejected) saves to the "default" profile, as `cdn-tui login` would.
    expect(login?.note).toContain(`saves a new token in profile "default" (${env.CDN_TUI_CONFIG})`);
  });

  it('--no-cache: no folder to keep lists in', async () => {
    expect(
      await tuiCommand(
        { readOnly: false, demo: false, noCache: true, baseUrl: 'https://api.example.test', token: 'flag-token-4444' },
        { env: envFor(), interactive: () => true },
      ),
    ).toBe(0);
    expect(seen[0]?.keepDir).toBeUndefined();
  });

  it('the answer bounds of the flags reach the API client: an endless answer is cut at --max-body, said once', async () => {
    let requests = 0;
    const server: Server = createServer((_req, res) => {
      requests++;
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.from('{"id": 1}, '.repeat(6000));
      const pour = (): void => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once('drain', pour);
      };
      res.write('[');
      pour();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as { port: number };
    let message: string | undefined;
    during = async (_o, session) => {
      await waitFor(() => session.ui.getState().message?.kind === 'error');
      message = session.ui.getState().message?.text;
    };
    try {
      const flags = {
        readOnly: false,
        demo: false,
        baseUrl: `http://127.0.0.1:${port}`,
        token: 'flag-token-5555',
        maxBodyBytes: 2 ** 20,
        headersTimeoutMs: 7000,
        bodyTimeoutMs: 9000,
      };
      expect(await tuiCommand(flags, { env: envFor(), interactive: () => true })).toBe(0);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    }
    expect(seen[0]).toMatchObject({ maxBodyBytes: 2 ** 20, headersTimeoutMs: 7000, bodyTimeoutMs: 9000 });
    expect(message).toBe('the answer to GET /content_delivery/configurations is larger than 1 MiB: abandoned (--max-body) (r tries again)');
    expect(requests).toBe(1);
  });
});
