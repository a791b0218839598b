// A loopback HTTP proxy in front of an emulator that can lose one answer on purpose: the request
// reaches the emulator (or not), and the client's connection is cut before the answer comes back.
import { createServer, request as forward, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer } from './local-server.js';

export type Drop = 'after-upstream' | 'before-upstream';

export interface DroppingProxy {
  readonly url: string;
  /** The next request with this method is dropped, after or before it reached the emulator. */
  dropNext(method: string, when?: Drop): void;
  close(): Promise<void>;
}

export async function startDroppingProxy(upstream: string): Promise<DroppingProxy> {
  const target = new URL(upstream);
  const pending = new Map<string, Drop>();
  const server: Server = createServer((req, res) => {
    const method = req.method ?? 'GET';
    const drop = pending.get(method);
    if (drop) pending.delete(method);
    if (drop === 'before-upstream') {
      req.socket.destroy();
      return;
    }
    const out = forward({ host: target.hostname, port: target.port, method, path: req.url, headers: req.headers }, (answer) => {
      if (drop === 'after-upstream') {
        answer.resume();
        answer.on('end', () => req.socket.destroy());
        return;
      }
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    out.on('error', () => req.socket.destroy());
    req.pipe(out);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    dropNext: (method, when = 'after-upstream') => pending.set(method, when),
    close: () => closeServer(server),
  };
}
