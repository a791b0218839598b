// A tiny HTTP proxy on loopback for the proxy tests: it answers CONNECT by opening a tunnel to the
// target (counting each), or refuses every CONNECT with a chosen status (403, 407, 502). A plain
// request (a proxy asked to forward instead of tunnelling) is counted apart and answered 500.
import { createServer, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { once } from 'node:events';

export interface ConnectProxy {
  /** http://127.0.0.1:PORT */
  readonly url: string;
  /** The targets of the CONNECTs it received (host:port), in order. */
  readonly tunnels: string[];
  /** Plain requests it was asked to forward. */
  readonly forwarded: string[];
  close(): Promise<void>;
}

export async function startConnectProxy(options: { readonly refuse?: number } = {}): Promise<ConnectProxy> {
  const tunnels: string[] = [];
  const forwarded: string[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    forwarded.push(`${req.method} ${req.url}`);
    res.writeHead(500).end();
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('connect', (req, client: Socket, head: Buffer) => {
    tunnels.push(req.url ?? '');
    if (options.refuse !== undefined) {
      client.end(`HTTP/1.1 ${options.refuse} Refused by the test proxy\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    const [host, port] = (req.url ?? '').split(':');
    const upstream = connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the proxy listens on TCP');
  return {
    url: `http://127.0.0.1:${address.port}`,
    tunnels,
    forwarded,
    close: async () => {
      const closed = new Promise((resolve) => server.close(resolve));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}
