// `cdn-tui serve`: the local emulator of the Content Delivery API (docs/api.md §5), in this process.
import { once } from 'node:events';
import { newToken } from './auth.js';
import { DataFileError, DataFile, loadDataFile } from './data-file.js';
import type { Credential, ServeOptions } from './options.js';
import { RequestLog } from './request-log.js';
import { seedStore } from './seed/index.js';
import { createApiServer } from './server.js';
import { EmulatorState } from './state.js';
import { Store } from './store.js';

export type { Credential, Permission, ServeOptions } from './options.js';
export { DataFileError } from './data-file.js';
export { LogFileError } from './request-log.js';
export { TlsFilesError } from './server.js';

export interface Emulator {
  /** `http://HOST:PORT` (`https://` with --tls-cert), without a trailing slash. */
  readonly url: string;
  /** The token made because no --token or --user was given; undefined otherwise. */
  readonly token: string | undefined;
  /** Notes for the operator (a dropped torn write, the seed applied). */
  readonly notes: readonly string[];
  /** Stops accepting, finishes in-flight requests, flushes the data file. */
  close(): Promise<void>;
}

export async function startEmulator(options: ServeOptions): Promise<Emulator> {
  const state = new EmulatorState();
  const notes: string[] = [];
  let dataFile: DataFile | undefined;
  if (options.data) {
    const report = loadDataFile(options.data, state);
    if (report.droppedBytes) notes.push(`dropped an unfinished last write (${report.droppedBytes} bytes) from ${options.data}`);
    dataFile = new DataFile(options.data, state, report);
  }
  const store = new Store(state, options.products, options.deliveryDomain, dataFile);
  if (seedStore(store, options.seed)) {
    notes.push(`seeded ${state.configurations.size} configurations (${String(options.seed)})`);
    dataFile?.compact();
  }
  let token: string | undefined;
  let tokens: readonly Credential[] = options.tokens;
  if (tokens.length === 0 && options.users.size === 0) {
    token = newToken();
    tokens = [{ secret: token, permissions: new Set(['view', 'edit']) }];
  }
  let log: RequestLog | undefined;
  let server: ReturnType<typeof createApiServer>;
  try {
    log = options.log ? new RequestLog(options.log) : undefined;
    server = createApiServer(store, { ...options, tokens }, log);
  } catch (e) {
    await dataFile?.close();
    log?.close();
    throw e;
  }
  server.listen(options.port, options.host);
  try {
    await once(server, 'listening');
  } catch (e) {
    await dataFile?.close();
    throw e;
  }
  const bound = server.address();
  if (bound === null || typeof bound === 'string') throw new Error('the emulator listens on a TCP address');
  const { address, port } = bound;
  const host = address.includes(':') ? `[${address}]` : address;
  let closing: Promise<void> | undefined;
  return {
    url: `${options.tls ? 'https' : 'http'}://${host}:${port}`,
    token,
    notes,
    close: () =>
      (closing ??= (async () => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        await closed;
        await dataFile?.close();
        log?.close();
      })()),
  };
}

export function isDataFileError(e: unknown): e is DataFileError {
  return e instanceof DataFileError;
}
