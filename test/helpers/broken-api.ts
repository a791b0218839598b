// An API that fails in one chosen way, on loopback (node:http, or node:https with a self-signed
// certificate): for the client's and the TUI's failure sentences (issue 12). Every case answers
// every request the same way, except `sub-shape` (a good list of configurations, a rules list of
// the wrong shape). It counts requests; `close()` ends every connection, hanging ones included.
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';

export type BrokenCase =
  '401' | '403' | '404' | '429' | '500' | '301' | 'html' | 'list-shape' | 'item-shape' | 'sub-shape' | 'hang' | 'huge' | 'endless';

export interface BrokenApi {
  readonly url: string;
  /** Requests received so far. */
  requests(): number;
  close(): Promise<void>;
}

const TLS_DIR = new URL('../fixtures/tls/', import.meta.url);

const configuration = (id: number) => ({
  id,
  name: `broken-${id}`,
  domain_name: `b${id}.map.edge.example`,
  active: true,
  delivery_protocol: 'http',
  cname: [],
  cname_access_only: false,
});

const MIB = 1 << 20;

function answer(kind: BrokenCase, req: http.IncomingMessage, res: http.ServerResponse): void {
  const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  switch (kind) {
    case '401':
      return json(401, { detail: 'Invalid token.' });
    case '403':
      return json(403, { detail: 'You do not have permission to perform this action.' });
    case '404':
      return json(404, { detail: 'Not found.' });
    case '429':
      return json(429, { detail: 'Request was throttled.' }, { 'retry-after': '1' });
    case '500':
      return json(500, { detail: 'Internal error.' });
    case '301':
      res.writeHead(301, { location: 'https://elsewhere.example/api/' });
      return void res.end();
    case 'html':
      res.writeHead(200, { 'content-type': 'text/html' });
      return void res.end('<!doctype html><html><body>Sign in</body></html>');
    case 'list-shape':
      return json(200, { unexpected: true });
    case 'item-shape':
      return json(200, [{ name: 'no id here' }]);
    case 'sub-shape':
      if (path.endsWith('/rules_engine')) return json(200, { oops: 'not a list' });
      if (/\/configurations\/\d+$/.test(path)) return json(200, configuration(Number(path.split('/').at(-1))));
      if (path.endsWith('/configurations')) return json(200, [configuration(1), configuration(2)]);
      return json(200, []);
    case 'hang':
      return; // never answers
    case 'huge': {
      // 50 MiB of one JSON list, written as the client takes it.
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(50 * MIB) });
      const chunk = Buffer.alloc(MIB, 0x20);
      let sent = 0;
      const more = () => {
        while (sent < 50 * MIB) {
          const piece =
            sent === 0
              ? Buffer.concat([Buffer.from('['), chunk.subarray(1)])
              : sent + MIB === 50 * MIB
                ? Buffer.concat([chunk.subarray(0, MIB - 1), Buffer.from(']')])
                : chunk;
          sent += MIB;
          if (!res.write(piece)) return void res.once('drain', more);
        }
        res.end();
      };
      return more();
    }
    case 'endless': {
      // A list that never ends, chunked, as fast as the client reads it.
      res.writeHead(200, { 'content-type': 'application/json' });
      const item = Buffer.from(`${JSON.stringify(configuration(1))},`.repeat(1000));
      res.write('[');
      const more = () => {
        while (!res.destroyed) if (!res.write(item)) return void res.once('drain', more);
      };
      return more();
    }
  }
}

export async function startBrokenApi(kind: BrokenCase, options: { readonly tls?: boolean } = {}): Promise<BrokenApi> {
  let count = 0;
  const sockets = new Set<Socket>();
  const handler = (req: http.IncomingMessage, res: http.ServerResponse) => {
    count++;
    req.resume();
    answer(kind, req, res);
  };
  const server = options.tls
    ? https.createServer(
        { key: readFileSync(new URL('self-signed.key', TLS_DIR)), cert: readFileSync(new URL('self-signed.crt', TLS_DIR)) },
        handler,
      )
    : http.createServer(handler);
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    requests: () => count,
    close: async () => {
      for (const s of sockets) s.destroy();
      server.close();
      await once(server, 'close');
    },
  };
}
