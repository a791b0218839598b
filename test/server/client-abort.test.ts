// A client that goes away mid-request (docs/api.md §5, issue 12): the request log says 499 (the client
// closed the request), never 500; the emulator writes no stack trace and keeps answering others.
// The emulator runs as the built CLI so that its stderr is its own.
import { connect, type Socket } from 'node:net';
import { once } from 'node:events';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLog, spawnEmulator, tempDir, waitFor, type ChildEmulator, type LogLine } from '../helpers/emulator.js';
import { demoId } from '../helpers/seed-ids.js';

const CFG = '/content_delivery/configurations';
const TOKEN = 'abort-test-token';
/** Long enough that a client closing right after its request is gone before the answer is written. */
const LATENCY_MS = 300;

let emu: ChildEmulator;
let logFile: string;
beforeAll(async () => {
  logFile = join(tempDir('cdn-tui-abort-'), 'requests.log');
  emu = await spawnEmulator(['--seed', 'demo', '--token', TOKEN, '--latency', String(LATENCY_MS), '--log', logFile]);
});
afterAll(async () => {
  await emu?.close();
});

/** A raw connection to the emulator, open and ready to write. */
async function rawSocket(): Promise<Socket> {
  const { hostname, port } = new URL(emu.url);
  const socket = connect({ host: hostname.replace(/^\[|\]$/g, ''), port: Number(port) });
  await once(socket, 'connect');
  return socket;
}

function writeAll(socket: Socket, text: string): Promise<void> {
  return new Promise((resolve, reject) => socket.write(text, (e) => (e ? reject(e) : resolve())));
}

function head(method: string, path: string, contentLength: number): string {
  return [
    `${method} ${path} HTTP/1.1`,
    `Host: ${new URL(emu.url).host}`,
    `Authorization: Token ${TOKEN}`,
    'Content-Type: application/json',
    `Content-Length: ${contentLength}`,
    '',
    '',
  ].join('\r\n');
}

/** The log line of the one request to `path` with `method` (waits for it to be written). */
async function loggedLine(method: string, path: string): Promise<LogLine> {
  return waitFor(() => readLog(logFile).find((l) => l.method === method && l.path === path));
}

async function expectStillServing(): Promise<void> {
  const r = await emu.call('GET', `${CFG}/${demoId(1)}`);
  expect(r.status).toBe(200);
  expect(r.body.id).toBe(demoId(1));
}

describe('a client that closes its connection mid-request', () => {
  it.each([
    ['PATCH', `${CFG}/${demoId(1)}?upload=patch`],
    ['POST', `${CFG}?upload=post`],
  ])('%s closed half-way through its body is logged as 499, with no stack trace', async (method, path) => {
    const body = JSON.stringify({ name: 'never finished', origin_address: '203.0.113.9', origin_host_header: 'abort.example.test' });
    const socket = await rawSocket();
    await writeAll(socket, head(method, path, body.length + 4096));
    await writeAll(socket, body.slice(0, 20));
    socket.destroy();

    const line = await loggedLine(method, path);
    expect(line.status).toBe(499);
    expect(emu.stderr()).not.toContain('    at ');
    expect(emu.stderr()).not.toContain('internal error');
    await expectStillServing();
  });

  it('a request whose client left before the answer was written is logged as 499, and the write it sent was still applied', async () => {
    const path = `${CFG}/${demoId(2)}?left=before-answer`;
    const body = JSON.stringify({ name: 'patched by a client that left' });
    const socket = await rawSocket();
    let answered = '';
    socket.on('data', (d) => (answered += String(d)));
    await writeAll(socket, head('PATCH', path, body.length) + body);
    // The whole request is on its way; close before the emulator (delayed by --latency) answers.
    socket.destroy();

    const line = await loggedLine('PATCH', path);
    expect(line.status).toBe(499);
    // What the answer would have been, for whoever reads the log: the write went through.
    expect(line.unsent_status).toBe(200);
    expect(line.body).toEqual({ name: 'patched by a client that left' });
    expect(answered).toBe('');
    expect(emu.stderr()).not.toContain('    at ');
    expect((await emu.call('GET', `${CFG}/${demoId(2)}`)).body.name).toBe('patched by a client that left');
  });

  it('a request answered in full is still logged with its own status', async () => {
    const r = await emu.call('GET', `${CFG}/${demoId(1)}?complete=yes`);
    expect(r.status).toBe(200);
    expect((await loggedLine('GET', `${CFG}/${demoId(1)}?complete=yes`)).status).toBe(200);
  });
});
