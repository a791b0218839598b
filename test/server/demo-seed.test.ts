// One demo (issue 31): `cdn-tui --demo` (its emulator started in-process with DEMO_SERVE_ARGS) and
// `cdn-tui serve --seed demo` (the built CLI, as a user types it) hold the same data, read back
// over HTTP: configurations, rules, cache settings, origins and error responses. Only the domain
// names differ (each emulator makes its own).
import { describe, expect, it } from 'vitest';
import { parseServeArgs } from '../../src/cli/args.js';
import { DEMO_SERVE_ARGS } from '../../src/cli/tui.js';
import { startEmulator } from '../../src/server/index.js';
import { makeCaller, spawnEmulator, startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { demoId } from '../helpers/seed-ids.js';

const CFG = '/content_delivery/configurations';
const ALL = '?page=1&page_size=100';

/** A record as the API gives it, less the domain name an emulator makes up. */
function withoutDomain(record: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> {
  return Object.fromEntries(Object.entries(record).filter(([key]) => key !== 'domain_name'));
}

/** Every configuration with everything under it, as read over HTTP. */
async function account(emu: Pick<TestEmulator, 'call'>): Promise<unknown[]> {
  const get = async (path: string) => {
    const reply = await emu.call('GET', path);
    expect(reply.status, path).toBe(200);
    return reply.body;
  };
  const list: Array<{ readonly id: number }> = await get(`${CFG}${ALL}`);
  return Promise.all(
    list.map(async ({ id }) => ({
      configuration: withoutDomain(await get(`${CFG}/${id}`)),
      rules: await get(`${CFG}/${id}/rules_engine${ALL}`),
      cacheSettings: await get(`${CFG}/${id}/cache_settings${ALL}`),
      origins: await get(`${CFG}/${id}/origins${ALL}`),
      errorResponses: await get(`${CFG}/${id}/error_responses`),
    })),
  );
}

/** The emulator `cdn-tui --demo` starts, made the same way (src/cli/tui.ts), and its data. */
async function demoAccount(): Promise<unknown[]> {
  const emu = await startEmulator(parseServeArgs([...DEMO_SERVE_ARGS, '--token', 'demo-token']));
  try {
    return await account({ call: makeCaller(emu.url, 'demo-token') });
  } finally {
    await emu.close();
  }
}

describe('the demo data', () => {
  it('is the same under cdn-tui --demo and cdn-tui serve --seed demo', async () => {
    const served = await spawnEmulator(['--seed', 'demo']);
    let fromServe: unknown[];
    try {
      fromServe = await account(served);
    } finally {
      await served.close();
    }
    const fromDemo = await demoAccount();
    expect(fromServe).toHaveLength(12);
    expect(fromServe).toEqual(fromDemo);
  });

  it('has the shop with its 11 rules, raw logs on, under serve --seed demo; --products none leaves out what needs one', async () => {
    const shop = `${CFG}/${demoId(1)}`;
    const full = await startTestEmulator(['--seed', 'demo']);
    const none = await startTestEmulator(['--seed', 'demo', '--products', 'none']);
    try {
      const paths = async (emu: TestEmulator) => {
        const rules: Array<{ readonly path: string }> = (await emu.call('GET', `${shop}/rules_engine${ALL}`)).body;
        return rules.map((r) => r.path);
      };
      const fullPaths = await paths(full);
      expect(fullPaths).toHaveLength(11);
      expect(fullPaths.slice(-2)).toEqual(['/checkout', '/cart']);
      expect((await full.call('GET', shop)).body.rawlogs).toBe(true);
      // Without the products the same rules at the same places, less the two at the end.
      expect(await paths(none)).toEqual(fullPaths.slice(0, 9));
      expect((await none.call('GET', shop)).body.rawlogs).toBe(false);
    } finally {
      await Promise.all([full.close(), none.close()]);
    }
  });
});
