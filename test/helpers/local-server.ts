// A test's own node:http server, closed at the end: its open connections cut (a stalled request
// would hold close() up), then closed.
import type { Server } from 'node:http';

export function closeServer(server: Server | undefined): Promise<void> {
  if (!server) return Promise.resolve();
  server.closeAllConnections();
  return new Promise<void>((r) => server.close(() => r()));
}
