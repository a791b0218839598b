// POST /purge/url, /purge/cachekey, /purge/wildcard (docs/api.md §4.6, issue 24, docs/origins-and-purge.md):
// the recorded exchanges, hosts checked against the account's domain names and cnames, validation,
// permissions, the purge rate limit, and every purge kept in the request log and the data file.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkChange } from '../../src/server/change-check.js';
import { EmulatorState, KEPT_PURGES } from '../../src/server/state.js';
import { emulatorFixture, startTestEmulator, tempDir } from '../helpers/emulator.js';
import { createConfiguration, expectDetail, type Configuration } from '../helpers/fixtures.js';

const emu = emulatorFixture(['--token', 'purge-all-token', '--token', 'purge-view-token=view'], { log: true });

const ACCEPTED = 'Purge request successfully created';
const REFUSED = 'Unauthorized domain for your account';

let n = 0;
/** A configuration with cnames of its own (unique per test), e.g. www.a7.example and *.img.a7.example. */
async function account(): Promise<{ conf: Configuration; host: string; wild: string; domain: string }> {
  const host = `www.a${++n}-${process.pid}.example`;
  const wild = `img.a${n}-${process.pid}.example`;
  const conf = await createConfiguration(emu, { cname: [host, `*.${wild}`] });
  return { conf, host, wild, domain: String(conf.record.domain_name) };
}

const post = (kind: string, body: unknown, token?: string) => emu.call('POST', `/purge/${kind}`, { body, ...(token ? { token } : {}) });

describe('purge: the recorded exchanges', () => {
  it.each(['url', 'cachekey'])(
    '/purge/%s, every host the account\'s → 201 {"detail": "Purge request successfully created"}',
    async (kind) => {
      const { host, domain } = await account();
      const r = await post(kind, { urls: [`${host}/foo.jpg`, `http://${domain}/bar.css?v=2`], method: 'delete' });
      expect(r.status).toBe(201);
      expect(r.text).toBe(JSON.stringify({ detail: ACCEPTED }));
    },
  );

  it.each(['url', 'cachekey'])("/purge/%s, some hosts not the account's → 207 with a 201 group and a 403 group", async (kind) => {
    const { host } = await account();
    const urls = [`${host}/foo.jpg`, 'www.other.com/x.jpg', `${host}/a.css`, 'https://elsewhere.example/y'];
    const r = await post(kind, { urls, method: 'delete' });
    expect(r.status).toBe(207);
    expect(r.text).toBe(
      JSON.stringify([
        { status: 'HTTP/1.1 201 CREATED', urls: [`${host}/foo.jpg`, `${host}/a.css`], details: ACCEPTED },
        { status: 'HTTP/1.1 403 FORBIDDEN', urls: ['www.other.com/x.jpg', 'https://elsewhere.example/y'], details: REFUSED },
      ]),
    );
  });

  it('every host refused → 207 with the 403 group only', async () => {
    const r = await post('url', { urls: ['www.other.com/x.jpg'], method: 'delete' });
    expect(r.status).toBe(207);
    expect(r.body).toEqual([{ status: 'HTTP/1.1 403 FORBIDDEN', urls: ['www.other.com/x.jpg'], details: REFUSED }]);
  });

  it('a * in a url purge is a character of the URL, not a pattern: accepted as it is', async () => {
    const { host } = await account();
    expect((await post('url', { urls: [`${host}/search?q=*`] })).status).toBe(201);
  });

  it('a host under a "*." cname, with a port or in capitals, is the account\'s', async () => {
    const { wild, host } = await account();
    const r = await post('url', { urls: [`cdn.${wild}/p.png`, `${host.toUpperCase()}:8080/x`], method: 'delete' });
    expect(r.status).toBe(201);
    // The wildcard covers subdomains, not the bare name.
    expect((await post('url', { urls: [`${wild}/p.png`] })).status).toBe(207);
  });

  it('/purge/wildcard takes one URL with * → 201; without * or with more URLs → 400', async () => {
    const { host } = await account();
    expect((await post('wildcard', { urls: [`${host}/images/*`], method: 'delete' })).status).toBe(201);
    const refused = await post('wildcard', { urls: ['www.other.com/images/*'], method: 'delete' });
    expect(refused.status).toBe(207);
    expect(refused.body[0].status).toBe('HTTP/1.1 403 FORBIDDEN');
    expect((await post('wildcard', { urls: [`${host}/images/`] })).body).toEqual({
      urls: ['Item 1: a wildcard purge needs a * in its URL (e.g. www.example.com/images/*).'],
    });
    expect((await post('wildcard', { urls: [`${host}/a/*`, `${host}/b/*`] })).body).toEqual({
      urls: ['A wildcard purge takes one URL with * (2 sent).'],
    });
  });
});

describe('purge: bad requests → 400, nothing purged', () => {
  it.each([
    [{}, { urls: ['This field is required.'] }],
    [{ urls: 'www.a.com/x' }, { urls: ['Expected a list of URLs.'] }],
    [{ urls: [] }, { urls: ['Send at least one URL.'] }],
    [
      { urls: [7, '', 'no host/x', '/x.jpg', 'www.a.com/a b'] },
      {
        urls: [
          'Item 1: not a valid string.',
          'Item 2: a URL of 1 to 2048 characters is required.',
          'Item 3: "no host/x" may not contain white space or control characters.',
          'Item 4: "/x.jpg" does not start with a host name (e.g. www.example.com/path).',
          'Item 5: "www.a.com/a b" may not contain white space or control characters.',
        ],
      },
    ],
    [{ urls: ['www.a.com/x', 'www.a.com/x'] }, { urls: ['Item 2: "www.a.com/x" is listed twice.'] }],
    [{ urls: ['www.a.com/x'], method: 'invalidate' }, { method: ['"invalidate" is not a valid choice (delete).'] }],
  ])('%j → %j', async (body, errors) => {
    const before = emu.log().length;
    const r = await post('url', body);
    expect(r.status).toBe(400);
    expect(r.body).toEqual(errors);
    expect(
      emu
        .log()
        .slice(before)
        .map((l) => l.status),
    ).toEqual([400]);
  });

  it('unknown fields, a body that is not an object, too many URLs', async () => {
    expectDetail(await post('url', { urls: ['www.a.com/x'], priority: 1 }), 400, "There are some unknown fields: ['priority']");
    expectDetail(await post('url', ['www.a.com/x']), 400, 'Invalid data. Expected a dictionary with "urls".');
    const many = Array.from({ length: 501 }, (_, i) => `www.a.com/${i}`);
    expect((await post('url', { urls: many })).body).toEqual({
      urls: ['Ensure this field has no more than 500 URLs (send more requests).'],
    });
  });

  it('needs the edit permission and a token; GET is 405 with Allow: POST, OPTIONS; other paths 404', async () => {
    expectDetail(
      await post('url', { urls: ['www.a.com/x'] }, 'purge-view-token'),
      403,
      'You do not have permission to perform this action.',
    );
    expect((await emu.call('POST', '/purge/url', { body: { urls: ['www.a.com/x'] }, token: null })).status).toBe(401);
    const get = await emu.call('GET', '/purge/url');
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST, OPTIONS');
    expect((await post('everything', { urls: ['www.a.com/x'] })).status).toBe(404);
  });
});

describe('purge: kept and limited', () => {
  it('is in the request log with its body', async () => {
    const { host } = await account();
    const before = emu.log().length;
    await post('cachekey', { urls: [`${host}/k`], method: 'delete' });
    expect(emu.log().slice(before)).toEqual([
      expect.objectContaining({ method: 'POST', path: '/purge/cachekey', status: 201, body: { urls: [`${host}/k`], method: 'delete' } }),
    ]);
  });

  it('is kept in the data file (accepted and refused URLs) and the file loads again', async () => {
    const dir = tempDir('cdn-tui-purge-');
    const file = join(dir, 'data.jsonl');
    const a = await startTestEmulator(['--data', file]);
    const made = await a.call('POST', '/content_delivery/configurations', {
      body: { name: 'p', origin_address: 'o.example', origin_host_header: 'h.example', cname: ['kept.example'] },
    });
    expect(made.status).toBe(201);
    expect((await a.call('POST', '/purge/url', { body: { urls: ['kept.example/a', 'gone.example/b'] } })).status).toBe(207);
    await a.close();
    const purges = readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l.includes('"t":"purge"'))
      .flatMap((l) => JSON.parse(l.slice(9)) as unknown[]);
    expect(purges).toEqual([
      { t: 'purge', v: { at: expect.any(String), kind: 'url', urls: ['kept.example/a', 'gone.example/b'], refused: ['gone.example/b'] } },
    ]);
    const b = await startTestEmulator(['--data', file]);
    expect((await b.call('GET', '/content_delivery/configurations')).body).toHaveLength(1);
    await b.close();
  });

  it('has a rate limit of its own (--rate-limit READS/WRITES/PURGES): purges do not use up writes', async () => {
    const limited = await startTestEmulator(['--rate-limit', '5/3/2']);
    try {
      const purge = () => limited.call('POST', '/purge/url', { body: { urls: ['www.a.com/x'] } });
      const first = await purge();
      expect([first.headers.get('x-ratelimit-limit'), first.headers.get('x-ratelimit-remaining')]).toEqual(['2', '1']);
      expect((await purge()).status).toBe(207);
      const third = await purge();
      expect(third.status).toBe(429);
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
      const write = await limited.call('POST', '/content_delivery/configurations', {
        body: { name: 'w', origin_address: 'o.example', origin_host_header: 'h' },
      });
      expect(write.status).toBe(201);
      expect([write.headers.get('x-ratelimit-limit'), write.headers.get('x-ratelimit-remaining')]).toEqual(['3', '2']);
    } finally {
      await limited.close();
    }
  });
});

describe('purges in the state', () => {
  it('keeps the latest 1,000, and a snapshot of them loads back as the same', () => {
    const state = new EmulatorState();
    for (let i = 0; i < KEPT_PURGES + 5; i++)
      state.apply({ t: 'purge', v: { at: new Date(i * 1000).toISOString(), kind: 'url', urls: [`a.example/${i}`], refused: [] } });
    expect(state.purges).toHaveLength(KEPT_PURGES);
    expect(state.purges[0]!.urls).toEqual(['a.example/5']);
    const again = new EmulatorState();
    for (const line of state.snapshot()) for (const c of JSON.parse(JSON.stringify(line)) as unknown[]) again.apply(checkChange(c));
    expect(again.purges).toEqual(state.purges);
    expect(() => checkChange({ t: 'purge', v: { at: 'x', kind: 'everything', urls: [], refused: [] } })).toThrow('bad purge change');
  });
});
