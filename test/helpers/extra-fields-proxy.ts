// A loopback HTTP proxy in front of an emulator that adds fields the emulator does not have to every
// record it answers with, as a real server of another API version does (docs/api.md §6): a list's items,
// a single record, the error responses. Requests go through unchanged.
import { createServer, request as forward, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer } from './local-server.js';

export interface ExtraFieldsProxy {
  readonly url: string;
  close(): Promise<void>;
}

export async function startExtraFieldsProxy(upstream: string, extras: Readonly<Record<string, unknown>>): Promise<ExtraFieldsProxy> {
  const target = new URL(upstream);
  const withExtras = (record: unknown) =>
    typeof record === 'object' && record !== null && !Array.isArray(record) ? { ...record, ...extras } : record;
  const server: Server = createServer((req, res) => {
    const out = forward({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (c: Buffer) => chunks.push(c));
      answer.on('end', () => {
        const status = answer.statusCode ?? 502;
        const text = Buffer.concat(chunks).toString('utf8');
        const body = status === 200 || status === 201 ? JSON.stringify(addTo(JSON.parse(text), withExtras)) : text;
        res.writeHead(status, { ...answer.headers, 'content-length': String(Buffer.byteLength(body)) }).end(body);
      });
    });
    out.on('error', () => req.socket.destroy());
    req.pipe(out);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => closeServer(server) };
}

function addTo(body: unknown, withExtras: (record: unknown) => unknown): unknown {
  return Array.isArray(body) ? body.map(withExtras) : withExtras(body);
}
