// `cdn-tui serve`: runs the emulator until SIGINT/SIGTERM. Exit codes: 0 stopped, 1 error, 2 bad usage.
import { DataFileError, SERVE_USAGE, UsageError, parseServeArgs, startEmulator, type ServeOptions } from '../server/index.js';

export async function serveCommand(argv: readonly string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(SERVE_USAGE);
    return 0;
  }
  let options: ServeOptions;
  try {
    options = parseServeArgs(argv);
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`cdn-tui serve: ${e.message}\n`);
      return 2;
    }
    throw e;
  }
  let emulator;
  try {
    emulator = await startEmulator(options);
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (e instanceof DataFileError) process.stderr.write(`cdn-tui serve: cannot start: ${err.message}. The file was left untouched.\n`);
    else if (err.code === 'EADDRINUSE') process.stderr.write(`cdn-tui serve: ${options.host}:${options.port} is already in use (try --port 0)\n`);
    else if (err.code === 'EACCES' || err.code === 'EADDRNOTAVAIL') process.stderr.write(`cdn-tui serve: cannot listen on ${options.host}:${options.port} (${err.code})\n`);
    else if (err.code) process.stderr.write(`cdn-tui serve: ${err.message}\n`);
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
