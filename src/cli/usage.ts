// Help text and version: kept free of imports so `--help` and `--version` start fast.
declare const __VERSION__: string | undefined;

export const VERSION = typeof __VERSION__ === 'string' ? __VERSION__ : '0.0.0-dev';

export const USAGE = `Usage: cdn-tui <command> [options]

Commands:
  serve [options]     the local emulator of the Content Delivery API (cdn-tui serve --help)

Options:
  --help, -h          this help
  --version, -v       the version
`;
