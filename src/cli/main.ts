// The `cdn-tui` command: routes to the emulator (`serve`) and, later, the TUI. --help and --version
// load nothing else (the rest is imported lazily).
import { USAGE, VERSION } from './usage.js';

export async function main(argv: readonly string[]): Promise<number> {
  const [first, ...rest] = argv;
  if (first === '--version' || first === '-v') {
    process.stdout.write(`cdn-tui ${VERSION}\n`);
    return 0;
  }
  if (first === '--help' || first === '-h' || first === 'help') {
    process.stdout.write(USAGE);
    return 0;
  }
  if (first === 'serve') {
    const { serveCommand } = await import('./serve.js');
    return serveCommand(rest);
  }
  process.stderr.write(
    first === undefined
      ? 'cdn-tui: the terminal UI is not in this build yet; run the emulator with: cdn-tui serve --seed demo\n'
      : `cdn-tui: unknown command or option "${first}" (see cdn-tui --help)\n`,
  );
  return 2;
}
