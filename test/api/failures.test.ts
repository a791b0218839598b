// Every way an API can fail has its own sentence (issue 12): from the typed errors of the real
// client against a server that fails that way. The token never appears, and an answer that
// another try would not change is asked for once.
import { afterEach, describe, expect, it } from 'vitest';
import { NotSentError, createApiClient } from '../../src/api/index.js';
import { waitFor } from '../helpers/emulator.js';
import { explain } from '../../src/api/explain.js';
import { startBrokenApi, type BrokenApi, type BrokenCase } from '../helpers/broken-api.js';

const TOKEN = 'failures-secret-token-4242';
let api: BrokenApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

/** The sentence for listing configurations from `url`, and the error. */
async function failure(url: string, extra: { maxAttempts?: number } = {}): Promise<{ sentence: string; error: unknown }> {
  const client = createApiClient({
    baseUrl: url,
    token: TOKEN,
    baseDelayMs: 5,
    maxDelayMs: 20,
    maxAttempts: extra.maxAttempts ?? 2,
    timeouts: { connect: 2000, headers: 2000, body: 2000 },
  });
  try {
    await client.list({ kind: 'configuration' });
  } catch (e) {
    const sentence = explain(e);
    expect(sentence).not.toContain(TOKEN);
    expect(e instanceof Error ? `${e.message} ${e.stack ?? ''}` : '').not.toContain(TOKEN);
    return { sentence, error: e };
  }
  throw new Error('the call did not fail');
}

const CASES: ReadonlyArray<readonly [BrokenCase, RegExp, number | undefined]> = [
  ['401', /^the token was rejected \(401\): run `cdn-tui login` or check the profile$/, 1],
  ['403', /^not permitted \(403\): this token may not view \/content_delivery\/configurations \(needs the "view" permission\)/, 1],
  ['404', /^not found \(404\): GET \/content_delivery\/configurations/, 1],
  ['500', /^server error \(500 Internal Server Error\): Internal error\.$/, 2],
  ['301', /^the API redirected \(301\) to https:\/\/elsewhere\.example\/api\/; not followed: check the base URL$/, 1],
  ['html', /^the answer to GET \/content_delivery\/configurations is not JSON \(it begins "<!doctype html>/, 1],
  ['list-shape', /^the answer to GET \/content_delivery\/configurations has the wrong shape: .*list/, 1],
  ['item-shape', /^the answer to GET \/content_delivery\/configurations has the wrong shape: item 1 has no id/, 1],
];

describe('a failed call, in one sentence by its cause', () => {
  for (const [kind, sentence, requests] of CASES) {
    it(`${kind}`, async () => {
      api = await startBrokenApi(kind);
      const got = await failure(api.url);
      expect(got.sentence).toMatch(sentence);
      if (requests !== undefined) expect(api.requests()).toBe(requests);
    });
  }

  it('connection refused', async () => {
    api = await startBrokenApi('404');
    const url = api.url;
    await api.close();
    api = undefined;
    expect((await failure(url, { maxAttempts: 1 })).sentence).toMatch(/^cannot reach 127\.0\.0\.1:\d+: connection refused/);
  });

  it('429 is not a failure: waited out (Retry-After) and sent again, with no limit of tries, until stopped before it is sent', async () => {
    api = await startBrokenApi('429');
    const stop = new AbortController();
    const client = createApiClient({ baseUrl: api.url, token: TOKEN, maxAttempts: 2 });
    const call = client.list({ kind: 'configuration' }, { stop: stop.signal }).catch((e: unknown) => e);
    // Past maxAttempts: each Retry-After (1 s) waited, then the request again.
    await waitFor(() => api!.requests() >= 3, 10_000);
    stop.abort();
    const e = await call;
    expect(e).toBeInstanceOf(NotSentError);
    expect(explain(e)).toBe('stopped before it was sent');
    expect(api.requests()).toBe(3);
  });

  it('a host that does not exist (DNS)', async () => {
    expect((await failure('http://cdn-api.invalid', { maxAttempts: 1 })).sentence).toBe(
      'cannot reach cdn-api.invalid: no such host (the DNS lookup failed)',
    );
  });

  it('TLS with a self-signed certificate', async () => {
    api = await startBrokenApi('404', { tls: true });
    expect((await failure(api.url, { maxAttempts: 1 })).sentence).toMatch(
      /^TLS failed: the certificate of 127\.0\.0\.1:\d+ is not trusted here \(DEPTH_ZERO_SELF_SIGNED_CERT/,
    );
  });

  it('a server that never answers: its headers time limit, said as not answering', async () => {
    api = await startBrokenApi('hang');
    expect((await failure(api.url, { maxAttempts: 1 })).sentence).toMatch(/^127\.0\.0\.1:\d+ is not answering: nothing within 2 s/);
  });
});
