// What a configuration holds, as the emulator has it, in a form two configurations can be compared
// in: cache settings, origins and rules without ids, a rule's cache setting by name and its origin as
// "first origin" when it is the configuration's first (else by name), and the error responses.
import type { TestEmulator } from './emulator.js';

type Rec = Record<string, unknown>;

const CFG = '/content_delivery/configurations';

export async function contentsOf(emu: Pick<TestEmulator, 'call'>, conf: number) {
  const get = async (path: string) => (await emu.call('GET', `${CFG}/${conf}${path}`)).body as Rec[];
  const [caches, rules, origins] = await Promise.all([get('/cache_settings'), get('/rules_engine'), get('/origins')]);
  const names = new Map(caches.map((c) => [c.id, c.name]));
  const strip = ({ id: _id, ...rest }: Rec): Rec => rest;
  const originNames = new Map(origins.map((o) => [o.id, o.name]));
  return {
    caches: caches.map(strip),
    origins: origins.map(strip),
    rules: rules.map((r): Rec => ({
      ...strip(r),
      cache_settings_id: names.get(r.cache_settings_id) ?? null,
      path_origin_id: r.path_origin_id === origins[0]?.id ? 'first origin' : (originNames.get(r.path_origin_id) ?? r.path_origin_id),
    })),
    errors: (await emu.call('GET', `${CFG}/${conf}/error_responses`)).body as Rec,
  };
}

/** The requests that make a configuration with these contents again: it, each cache setting, origin but the first (made with it) and rule, and its error responses unless all are 0. */
export function requestsToMake(c: Awaited<ReturnType<typeof contentsOf>>): number {
  return 1 + c.caches.length + Math.max(0, c.origins.length - 1) + c.rules.length + (Object.values(c.errors).some((v) => v !== 0) ? 1 : 0);
}

/** The id of the configuration named `name`, if there is one. */
export async function confNamed(emu: Pick<TestEmulator, 'call'>, name: string): Promise<number | undefined> {
  const all = (await emu.call('GET', CFG)).body as Rec[];
  return all.find((c) => c.name === name)?.id as number | undefined;
}
