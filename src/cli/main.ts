// The `cdn-tui` command: routes to the TUI, `login` or the emulator (`serve`). --help and --version
// load nothing else (every command is imported lazily). Failures: one sentence, never a stack.
import { parseCommand, type Command, type HelpTopic } from './args.js';
import { EXIT, reportError } from './errors.js';
import {
  COMPLETION_USAGE,
  DIFF_USAGE,
  FIND_USAGE,
  LINT_USAGE,
  LOGIN_USAGE,
  PURGE_USAGE,
  SERVE_USAGE,
  TRANSFER_USAGE,
  USAGE,
  VERSION,
} from './usage.js';

const HELP: Record<HelpTopic, string> = {
  main: USAGE,
  login: LOGIN_USAGE,
  serve: SERVE_USAGE,
  completion: COMPLETION_USAGE,
  transfer: TRANSFER_USAGE,
  diff: DIFF_USAGE,
  purge: PURGE_USAGE,
  lint: LINT_USAGE,
  find: FIND_USAGE,
};
const COMMANDS = new Set(['login', 'serve', 'completion', 'export', 'apply', 'diff', 'purge', 'lint', 'find', 'bulk']);

export async function main(argv: readonly string[]): Promise<number> {
  let command: Command;
  try {
    command = parseCommand(argv);
  } catch (e) {
    return reportError(e, argv[0] !== undefined && COMMANDS.has(argv[0]) ? `cdn-tui ${argv[0]}` : 'cdn-tui');
  }
  switch (command.kind) {
    case 'version':
      process.stdout.write(`cdn-tui ${VERSION}\n`);
      return EXIT.ok;
    case 'help':
      process.stdout.write(HELP[command.topic]);
      return EXIT.ok;
    case 'serve':
      return run('cdn-tui serve', async () => (await import('./serve.js')).serveCommand(command.options));
    case 'login':
      return run('cdn-tui login', async () => (await import('./login.js')).loginCommand(command.flags));
    case 'completion':
      return run('cdn-tui completion', async () => (await import('./completion.js')).completionCommand(command.target));
    case 'export':
      return run('cdn-tui export', async () =>
        (await import('./transfer.js')).exportCommand(command.args.flags, command.args.id, command.args.out),
      );
    case 'apply':
      return run('cdn-tui apply', async () =>
        (await import('./transfer.js')).applyCommand(command.args.flags, command.args.file, command.args),
      );
    case 'diff':
      return run('cdn-tui diff', async () => (await import('./diff.js')).diffCommand(command.args));
    case 'purge':
      return run('cdn-tui purge', async () => (await import('./purge.js')).purgeCommand(command.args));
    case 'lint':
      return run('cdn-tui lint', async () => (await import('./lint.js')).lintCommand(command.args));
    case 'find':
      return run('cdn-tui find', async () => (await import('./find.js')).findCommand(command.args));
    case 'bulk':
      return run('cdn-tui bulk', async () => (await import('./find.js')).bulkCommand(command.args));
    case 'tui':
      return run('cdn-tui', async () => (await import('./tui.js')).tuiCommand(command.flags));
  }
}

async function run(prefix: string, body: () => Promise<number>): Promise<number> {
  try {
    // The commands that load the bulk of the code keep it compiled for the next start; --help
    // and --version load too little to gain from it.
    (await import('../util/code-cache.js')).enableCodeCache(process.env);
    return await body();
  } catch (e) {
    return reportError(e, prefix);
  }
}
