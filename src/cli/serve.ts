// `cdn-tui serve`: runs the emulator until SIGINT/SIGTERM. Exit codes: 0 stopped, 1 error, 2 bad
// usage (refused by the parser before this runs).
import { DataFileError, LogFileError, TlsFilesError, startEmulator, type ServeOptions } from '../server/index.js';

export async function serveCommand(options: ServeOptions): Promise<number> {
  let emulator;
  try {
    emulator = await startEmulator(options);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    const code = errnoCode(e);
    if (e instanceof DataFileError) process.stderr.write(`cdn-tui serve: cannot start: ${message}. The file was left untouched.\n`);
    else if (e instanceof TlsFilesError || e instanceof LogFileError) process.stderr.write(`cdn-tui serve: ${message}\n`);
    else if (code === 'EADDRINUSE')
      process.stderr.write(`cdn-tui serve: ${options.host}:${options.port} is already in use (try --port 0)\n`);
    else if (code === 'EACCES' || code === 'EADDRNOTAVAIL')
      process.stderr.write(`cdn-tui serve: cannot listen on ${options.host}:${options.port} (${code})\n`);
    else if (code) process.stderr.write(`cdn-tui serve: ${message}\n`);
    else throw e;
    return 1;
  }
  process.stdout.write(`listening on ${emulator.url}\n`);
  if (emulator.token) process.stdout.write(`token: ${emulator.token}\n`);
  for (const note of emulator.notes) process.stderr.write(`cdn-tui serve: ${note}\n`);
  const signal = await new Promise<string>((resolve) => {
    process.once('SIGINT', () => resolve('SIGINT'));
    process.once('SIGTERM', () => resolve('SIGTERM'));
  });
  process.stderr.write(`cdn-tui serve: ${signal}: finishing requests in flight\n`);
  await emulator.close();
  return 0;
}

/** The `code` of a system error (EADDRINUSE, ENOENT…), if it is one. */
function errnoCode(e: unknown): string | undefined {
  return e instanceof Error && 'code' in e && typeof e.code === 'string' ? e.code : undefined;
}
