// --data: every acknowledged write survives kill -9; a damaged file stops the start and stays untouched.
import { createHash } from 'node:crypto';
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnEmulator, tempDir, type ChildEmulator } from '../helpers/emulator.js';
import { demoId } from '../helpers/seed-ids.js';

const CFG = '/content_delivery/configurations';
const TOKEN = ['--token', 'durable-test-token'];
let running: ChildEmulator[] = [];

async function start(file: string, extra: string[] = [], env: Record<string, string> = {}): Promise<ChildEmulator> {
  const emu = await spawnEmulator(['--data', file, ...TOKEN, ...extra], env);
  running.push(emu);
  return emu;
}

async function kill9(emu: ChildEmulator): Promise<void> {
  emu.child.kill('SIGKILL');
  await emu.exited;
}

const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

function confBody(i: number) {
  return {
    name: `durable-${i}`,
    origin_address: `origin-${i}.example.test`,
    origin_host_header: `site-${i}.example.test`,
    cname: [`www.site-${i}.example.test`],
  };
}

afterEach(async () => {
  for (const emu of running) if (emu.child.exitCode === null && emu.child.signalCode === null) await kill9(emu);
  running = [];
});

describe('durable state (--data)', () => {
  it('keeps every acknowledged write of every kind across kill -9', async () => {
    const file = join(tempDir(), 'state.jsonl');
    const a = await start(file);
    const conf = (await a.call('POST', CFG, { body: confBody(1) })).body;
    const [origin] = (await a.call('GET', `${CFG}/${conf.id}/origins`)).body;
    const cache = await a.call('POST', `${CFG}/${conf.id}/cache_settings`, {
      body: {
        name: 'html',
        browser_cache_settings: false,
        cdn_cache_settings: 'honor',
        cache_by_query_string: 'ignore',
        cache_by_cookies: 'ignore',
      },
    });
    const rule = await a.call('POST', `${CFG}/${conf.id}/rules_engine`, {
      body: {
        path: '/x',
        regex: false,
        protocol_policy: 'http',
        behavior: 'delivery',
        path_origin_id: origin.id,
        cache_settings_id: cache.body.id,
      },
    });
    expect(rule.status).toBe(201);
    expect((await a.call('PATCH', `${CFG}/${conf.id}`, { body: { name: 'renamed', active: false } })).status).toBe(200);
    expect((await a.call('PATCH', `${CFG}/${conf.id}/error_responses`, { body: { cache_error_404: 77 } })).status).toBe(200);
    const gone = (await a.call('POST', CFG, { body: confBody(2) })).body;
    expect((await a.call('DELETE', `${CFG}/${gone.id}`)).status).toBe(204);
    await kill9(a);

    const b = await start(file);
    const after = await b.call('GET', `${CFG}/${conf.id}`);
    expect(after.body).toMatchObject({ name: 'renamed', active: false, domain_name: conf.domain_name });
    expect((await b.call('GET', `${CFG}/${conf.id}/rules_engine/${rule.body.id}`)).body).toEqual(rule.body);
    expect((await b.call('GET', `${CFG}/${conf.id}/cache_settings/${cache.body.id}`)).body).toEqual(cache.body);
    expect((await b.call('GET', `${CFG}/${conf.id}/error_responses`)).body.cache_error_404).toBe(77);
    expect((await b.call('GET', `${CFG}/${gone.id}`)).status).toBe(404);
    // ids are never reused, even after a restart that follows the delete of the newest record
    expect((await b.call('POST', CFG, { body: confBody(3) })).body.id).toBeGreaterThan(gone.id);
  });

  it('loses no acknowledged write of a concurrent burst killed midway, and the file still loads', async () => {
    const file = join(tempDir(), 'burst.jsonl');
    const a = await start(file);
    const acked: Array<{ id: number; name: string }> = [];
    let killed = false;
    const writes = Array.from(
      { length: 400 },
      (_, i) =>
        a
          .call('POST', CFG, { body: confBody(i) })
          .then(async (r) => {
            if (r.status === 201) acked.push({ id: r.body.id, name: r.body.name });
            if (acked.length >= 120 && !killed) {
              killed = true;
              a.child.kill('SIGKILL');
            }
          })
          .catch(() => undefined), // requests in flight when the process dies
    );
    await Promise.all(writes);
    await a.exited;
    expect(acked.length).toBeGreaterThanOrEqual(120);

    const b = await start(file);
    const list = (await b.call('GET', CFG)).body as Array<{ id: number; name: string }>;
    const byId = new Map(list.map((c) => [c.id, c.name]));
    for (const w of acked) expect(byId.get(w.id)).toBe(w.name);
  });

  it('compacts the file without losing anything', async () => {
    const file = join(tempDir(), 'compact.jsonl');
    const env = { CDN_TUI_COMPACT_AFTER: '20' };
    const a = await start(file, ['--seed', 'demo'], env);
    const linesBefore = readFileSync(file, 'utf8').split('\n').length;
    for (let i = 0; i < 60; i++) {
      expect((await a.call('PATCH', `${CFG}/${demoId(1)}`, { body: { name: `compacted ${i}` } })).status).toBe(200);
    }
    const linesAfter = readFileSync(file, 'utf8').split('\n').length;
    expect(linesAfter).toBeLessThan(linesBefore + 60); // rewritten as a snapshot at least once
    const before = (await a.call('GET', CFG)).body;
    await kill9(a);
    const b = await start(file, [], env);
    expect((await b.call('GET', CFG)).body).toEqual(before);
    expect((await b.call('GET', `${CFG}/${demoId(1)}`)).body.name).toBe('compacted 59');
  });

  it('drops an unfinished last write (a crash mid-append) and starts', async () => {
    const file = join(tempDir(), 'torn.jsonl');
    const a = await start(file);
    const conf = (await a.call('POST', CFG, { body: confBody(1) })).body;
    await kill9(a);
    appendFileSync(file, '0badc0de [{"t":"conf","id":99,"v":{"name":"half'); // no newline: never acknowledged
    const b = await start(file);
    expect((await b.call('GET', `${CFG}/${conf.id}`)).status).toBe(200);
    expect((await b.call('GET', `${CFG}/99`)).status).toBe(404);
    expect((await b.call('PATCH', `${CFG}/${conf.id}`, { body: { active: false } })).status).toBe(200);
    await kill9(b);
    const c = await start(file);
    expect((await c.call('GET', `${CFG}/${conf.id}`)).body.active).toBe(false);
  });

  it('refuses to start on a damaged file, says why, and leaves it untouched', async () => {
    const file = join(tempDir(), 'damaged.jsonl');
    const a = await start(file, ['--seed', 'demo']);
    await a.call('PATCH', `${CFG}/${demoId(1)}`, { body: { name: 'before damage' } });
    await kill9(a);
    const lines = readFileSync(file, 'utf8').split('\n');
    lines[2] = lines[2]!.replace('acme', 'acne'); // a flipped letter inside a string value
    writeFileSync(file, lines.join('\n'));
    const digest = sha(file);
    await expect(start(file)).rejects.toThrow(/damaged at line 3/);
    expect(sha(file)).toBe(digest);
  });

  it('refuses a file that is not its own', async () => {
    const file = join(tempDir(), 'foreign.json');
    writeFileSync(file, '{"some": "other program"}\n');
    const digest = sha(file);
    await expect(start(file)).rejects.toThrow(/not a cdn-tui emulator data file/);
    expect(sha(file)).toBe(digest);
  });

  it('stops gracefully on SIGTERM with exit code 0, and the data is kept', async () => {
    const file = join(tempDir(), 'term.jsonl');
    const a = await start(file);
    const conf = (await a.call('POST', CFG, { body: confBody(1) })).body;
    a.child.kill('SIGTERM');
    expect(await a.exited).toBe(0);
    const b = await start(file);
    expect((await b.call('GET', `${CFG}/${conf.id}`)).body.name).toBe('durable-1');
  });
});
