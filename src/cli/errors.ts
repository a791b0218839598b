// The command line's failures: one sentence on stderr and an exit code, never a stack trace
// (unless CDN_TUI_DEBUG=1). Secrets registered here are masked in every message printed.

/**
 * Exit codes of docs/ux.md §1, and of the commands for scripts: `apply` 3 when the server changed since
 * the export (a conflict); `diff` 1 when the two sides differ and 4 when a side cannot be read;
 * `purge` 1 when some URLs were refused and 4 when a request could not be sent or answered; `lint`
 * 1 when it has warnings and 4 when a configuration or file cannot be read.
 */
export const EXIT = {
  ok: 0,
  error: 1,
  different: 1,
  refused: 1,
  warnings: 1,
  usage: 2,
  conflict: 3,
  unreadable: 4,
  interrupted: 130,
} as const;

/** A failure the user can act on: `message` is one sentence without the `cdn-tui:` prefix. */
export class CliError extends Error {
  override name = 'CliError';
  constructor(
    message: string,
    readonly exitCode: number = EXIT.error,
  ) {
    super(message);
  }
}

/** Bad usage (a flag, a value, a missing setting): exit 2. */
export class UsageError extends CliError {
  override name = 'UsageError';
  constructor(message: string) {
    super(message, EXIT.usage);
  }
}

const secrets = new Set<string>();

/** A token or password that must never appear in anything printed. */
export function addSecret(secret: string): void {
  if (secret.length >= 4) secrets.add(secret);
}

export function maskSecrets(text: string): string {
  let out = text;
  for (const s of secrets) out = out.split(s).join('[redacted]');
  return out;
}

export function debugEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.CDN_TUI_DEBUG === '1';
}

/** A sentence ends with a full stop unless it already ends with punctuation. */
function sentence(text: string): string {
  const t = text.trim();
  return /[.!?]$/.test(t) ? t : `${t}.`;
}

/**
 * Prints a failure on stderr as `<prefix>: <one sentence>` and returns its exit code. Unknown
 * errors get their message only (the first line); CDN_TUI_DEBUG=1 adds the stack.
 */
export function reportError(error: unknown, prefix = 'cdn-tui'): number {
  const debug = debugEnabled();
  if (error instanceof CliError) {
    process.stderr.write(maskSecrets(`${prefix}: ${sentence(error.message)}\n`));
    if (debug && error.stack) process.stderr.write(maskSecrets(`${error.stack}\n`));
    return error.exitCode;
  }
  const e = error instanceof Error ? error : new Error(String(error));
  const first = (e.message.split('\n')[0] ?? '').trim() || e.name;
  const detail = debug ? '' : ' (set CDN_TUI_DEBUG=1 for details)';
  process.stderr.write(maskSecrets(`${prefix}: unexpected error: ${sentence(first.replace(/[.!?]+$/, '') + detail)}\n`));
  if (debug && e.stack) process.stderr.write(maskSecrets(`${e.stack}\n`));
  return EXIT.error;
}
