// Retry rules counted from the emulator's request log: what is re-sent, how often, how long it waits,
// and that an abort ends a wait at once.
import { join } from 'node:path';
import { Agent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import {
  AbortError,
  ApiError,
  LimitError,
  NetworkError,
  NotSentError,
  createApiClient,
  type AttemptEvent,
  type ClientOptions,
  type Place,
} from '../../src/api/index.js';
import { readLog, startTestEmulator, tempDir, waitFor, type LogLine, type TestEmulator } from '../helpers/emulator.js';
import { demoId } from '../helpers/seed-ids.js';

const TOKEN = 'retry-test-token-93be07c2d1';
const CONFS: Place = { kind: 'configuration' };
const BODY = { name: 'retry', origin_address: 'origin.example.com', origin_host_header: 'www.example.com' };

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!();
});

interface Setup {
  readonly emu: TestEmulator;
  readonly api: ReturnType<typeof createApiClient>;
  readonly events: AttemptEvent[];
  /** The emulator's log lines of one method. */
  sent(method: string): LogLine[];
}

async function setup(args: string[], options: Partial<ClientOptions> = {}): Promise<Setup> {
  const log = join(tempDir(), 'requests.log');
  const emu = await startTestEmulator(['--seed', 'demo', '--token', TOKEN, '--log', log, ...args]);
  const agent = new Agent();
  cleanup.push(
    () => emu.close(),
    () => agent.close(),
  );
  const events: AttemptEvent[] = [];
  const api = createApiClient({
    baseUrl: emu.url,
    token: TOKEN,
    dispatcher: agent,
    maxDelayMs: 5,
    onAttempt: (e) => events.push(e),
    ...options,
  });
  return { emu, api, events, sent: (method) => readLog(log).filter((l) => l.method === method) };
}

async function failure<T extends Error>(p: Promise<unknown>): Promise<T> {
  const e = await p.then(
    () => undefined,
    (x: unknown) => x,
  );
  if (!(e instanceof Error)) throw new Error('expected the call to fail');
  return e as T;
}

describe('on --fail-rate 1 (every answer 503)', () => {
  it('sends a GET exactly maxAttempts times, telling onAttempt about each', async () => {
    const s = await setup(['--fail-rate', '1'], { maxAttempts: 3 });
    const e = await failure<ApiError>(s.api.list(CONFS));
    expect(e).toBeInstanceOf(ApiError);
    expect(e.status).toBe(503);
    expect(e.message).toBe('GET /content_delivery/configurations: 503 Service Unavailable — Service temporarily unavailable.');
    expect(s.sent('GET')).toHaveLength(3);
    expect(s.events.map((x) => [x.attempt, x.status])).toEqual([
      [1, 503],
      [2, 503],
      [3, 503],
    ]);
    // Retry-After: 1 asks for a second; maxDelayMs (5) caps every wait.
    expect(s.events.map((x) => x.retryInMs)).toEqual([5, 5, undefined]);
  });

  it('retries PUT and DELETE too', async () => {
    const s = await setup(['--fail-rate', '1'], { maxAttempts: 4 });
    expect((await failure<ApiError>(s.api.put(CONFS, demoId(1), BODY))).status).toBe(503);
    expect((await failure<ApiError>(s.api.delete(CONFS, demoId(1)))).status).toBe(503);
    expect(s.sent('PUT')).toHaveLength(4);
    expect(s.sent('DELETE')).toHaveLength(4);
  });

  it('sends a PATCH and a POST exactly once, and error responses writes alike', async () => {
    const s = await setup(['--fail-rate', '1'], { maxAttempts: 4 });
    expect((await failure<ApiError>(s.api.patch(CONFS, demoId(1), { active: false }))).status).toBe(503);
    expect((await failure<ApiError>(s.api.create(CONFS, BODY))).status).toBe(503);
    expect((await failure<ApiError>(s.api.patchErrorResponses(1, { cache_error_404: 1 }))).status).toBe(503);
    expect(s.sent('PATCH')).toHaveLength(2);
    expect(s.sent('POST')).toHaveLength(1);
    expect(s.events.every((x) => x.attempt === 1 && x.retryInMs === undefined)).toBe(true);
  });
});

describe('on --reset-rate 1 (done, then the connection dropped)', () => {
  it('never re-sends a POST whose answer was lost: the change stands, the caller is told', async () => {
    const s = await setup(['--reset-rate', '1']);
    const e = await failure<NetworkError>(s.api.create(CONFS, BODY));
    expect(e).toBeInstanceOf(NetworkError);
    expect(e.message).toMatch(/^POST \/content_delivery\/configurations: no answer from 127\.0\.0\.1:\d+ \(.+\)$/);
    expect(s.sent('POST')).toEqual([expect.objectContaining({ status: 201, reset: true })]);
  });

  it('retries a DELETE; the retries find it already gone', async () => {
    const s = await setup(['--reset-rate', '1'], { maxAttempts: 3 });
    expect(await failure(s.api.delete(CONFS, demoId(1)))).toBeInstanceOf(NetworkError);
    expect(s.sent('DELETE').map((l) => l.status)).toEqual([204, 404, 404]);
  });
});

describe('on --rate-limit 2/100', () => {
  it('a spent window holds the next request until the reset instead of sending it into a 429; an abort ends the wait at once', async () => {
    const s = await setup(['--rate-limit', '2/100']);
    await s.api.list(CONFS);
    await s.api.get(CONFS, demoId(1));
    const controller = new AbortController();
    const third = s.api.list(CONFS, { signal: controller.signal });
    await waitFor(() => s.api.budget!.pacing().length === 1);
    const [pacing] = s.api.budget!.pacing();
    expect(pacing).toMatchObject({ lane: 'read', limit: 2 });
    expect(pacing!.nextAt - Date.now()).toBeGreaterThan(50_000);
    const abortedAt = Date.now();
    controller.abort();
    const e = await failure<AbortError>(third);
    expect(e).toBeInstanceOf(AbortError);
    expect(e.message).toBe('GET /content_delivery/configurations: cancelled');
    expect(Date.now() - abortedAt).toBeLessThan(1_000);
    // Never sent: no 429 in the log.
    expect(s.sent('GET').map((l) => l.status)).toEqual([200, 200]);
  });

  it('goes on in the next window: 5 reads at 2 a 1 s window, all 200, none refused', async () => {
    const s = await setup(['--rate-limit', '2/100', '--rate-window', '1']);
    const started = Date.now();
    const got = await Promise.all(Array.from({ length: 5 }, (_, i) => s.api.get(CONFS, demoId(i + 1)).then((r) => r.id)));
    expect(got).toEqual([1, 2, 3, 4, 5].map(demoId));
    expect(s.sent('GET').map((l) => l.status)).toEqual([200, 200, 200, 200, 200]);
    // Three windows at the least: two waits.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
  });

  it('a 429 (another client spent the window) on a POST is waited out and sent again: the server did nothing', async () => {
    const s = await setup(['--rate-limit', '100/2', '--rate-window', '2']);
    const first = await s.api.create(CONFS, { ...BODY, name: 'paced-1' });
    // Someone else with the same token takes the window's last write.
    expect((await s.emu.call('PATCH', `/content_delivery/configurations/${first.id}`, { body: { active: false } })).status).toBe(200);
    const second = await s.api.create(CONFS, { ...BODY, name: 'paced-2' });
    expect(second.name).toBe('paced-2');
    expect(s.sent('POST').map((l) => l.status)).toEqual([201, 429, 201]);
    expect(s.events.filter((e) => e.status === 429).map((e) => e.paced)).toEqual([true]);
  });

  it('a stop while it waits: never sent (NotSentError), what went stays', async () => {
    const s = await setup(['--rate-limit', '100/1']);
    await s.api.create(CONFS, { ...BODY, name: 'went' });
    const stop = new AbortController();
    const held = s.api.create(CONFS, { ...BODY, name: 'held' }, { stop: stop.signal });
    await waitFor(() => s.api.budget!.pacing().length === 1);
    stop.abort();
    expect(await failure(held)).toBeInstanceOf(NotSentError);
    expect(s.sent('POST').map((l) => l.status)).toEqual([201]);
  });
});

describe('cancelling', () => {
  it('sends nothing for an already-aborted signal', async () => {
    const s = await setup([]);
    expect(await failure(s.api.get(CONFS, demoId(1), { signal: AbortSignal.abort() }))).toBeInstanceOf(AbortError);
    expect(s.sent('GET')).toEqual([]);
    expect(s.events).toEqual([]);
  });

  it('ends a backoff wait on abort, with no further attempt', async () => {
    const s = await setup(['--fail-rate', '1'], { maxDelayMs: 60_000, baseDelayMs: 60_000 });
    const controller = new AbortController();
    const call = s.api.get(CONFS, demoId(1), { signal: controller.signal });
    await waitFor(() => s.events[0]?.retryInMs !== undefined);
    controller.abort();
    expect(await failure(call)).toBeInstanceOf(AbortError);
    expect(s.sent('GET')).toHaveLength(1);
  });
});

// undici checks parser timeouts on a coarse (~0.5 s) clock: a 100 ms timeout fires within ~1 s.
describe('timeouts against --latency', () => {
  it('gives up waiting for headers at the limit, does not retry even a GET, and says which limit', async () => {
    const s = await setup(['--latency', '2000'], { timeouts: { headers: 100 }, maxAttempts: 2 });
    const e = await failure<LimitError>(s.api.get(CONFS, demoId(1)));
    expect(e).toBeInstanceOf(LimitError);
    expect(e.limit).toBe('headers-time');
    expect(e.message).toMatch(
      /^GET \/content_delivery\/configurations\/\d{10}: no answer from 127\.0\.0\.1:\d+ within 0\.1 s \(--headers-timeout\)$/,
    );
    expect(s.events.map((x) => [x.attempt, x.status, x.error?.name, x.retryInMs])).toEqual([[1, undefined, 'LimitError', undefined]]);
    // The emulator logs each request once it answers (after the latency).
    await waitFor(() => s.sent('GET').length === 1);
  });

  it('does not re-send a POST that timed out', async () => {
    const s = await setup(['--latency', '2000'], { timeouts: { headers: 100 } });
    expect(await failure(s.api.create(CONFS, BODY))).toBeInstanceOf(LimitError);
    await waitFor(() => s.sent('POST').length === 1);
    expect(s.events).toHaveLength(1);
  });
});
