// node:util parseArgs in strict mode, with its refusals said in our words: one sentence naming the
// flag and the help to read, never parseArgs' own message, never the value given (it may be a token).
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { UsageError } from './errors.js';

/** The switches and value flags of one command (`type: 'string'` flags take a value). */
export type FlagConfig = ParseArgsOptionsConfig;

/**
 * Parses `argv` (no positionals) against `options`. `--flag value` and `--flag=value` both work; a
 * repeated single-value flag keeps its last value; an empty value is refused like a missing one.
 * `command` names the help in errors: `cdn-tui serve` → "(see cdn-tui serve --help)".
 */
export function parseFlags<const O extends FlagConfig>(argv: readonly string[], command: string, options: O) {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options, strict: true, allowPositionals: false, tokens: true });
  } catch (e) {
    if (!isParseArgsError(e)) throw e;
    throw explain(argv, command, options);
  }
  for (const token of parsed.tokens) {
    if (token.kind === 'option' && token.value === '') throw new UsageError(`--${token.name} needs a value`);
  }
  return parsed.values;
}

/** What parseArgs throws for bad usage (its other errors are ours: a bad config). */
function isParseArgsError(e: unknown): boolean {
  return e instanceof Error && 'code' in e && typeof e.code === 'string' && e.code.startsWith('ERR_PARSE_ARGS_');
}

/**
 * Finds the first argument strict parsing refused, by the same checks in the same order (the
 * tokens do not depend on strictness), and says what is wrong with it.
 */
function explain(argv: readonly string[], command: string, options: FlagConfig): UsageError {
  const { tokens } = parseArgs({ args: [...argv], options, strict: false, allowPositionals: true, tokens: true });
  const help = `(see ${command} --help)`;
  for (const token of tokens) {
    if (token.kind === 'positional') return new UsageError(`unexpected argument "${token.value}" ${help}`);
    if (token.kind !== 'option') continue;
    const option = Object.hasOwn(options, token.name) ? options[token.name] : undefined;
    if (option === undefined) return new UsageError(`unknown option "${token.rawName}" ${help}`);
    const flag = `--${token.name}`;
    if (option.type === 'boolean' && token.value !== undefined) return new UsageError(`${flag} takes no value`);
    if (option.type === 'string' && (token.value === undefined || token.value === '')) return new UsageError(`${flag} needs a value`);
    // `--port -1`, `--base-url --demo`: a value that looks like a flag must be written `--flag=value`.
    if (
      option.type === 'string' &&
      !token.inlineValue &&
      token.value !== undefined &&
      token.value.length > 1 &&
      token.value.startsWith('-')
    ) {
      return new UsageError(`${flag} needs a value (write ${flag}=VALUE for one that starts with "-")`);
    }
  }
  return new UsageError(`cannot read the arguments ${help}`);
}
