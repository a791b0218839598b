// `cdn-tui completion bash|zsh|fish`: the scripts name every flag of the parser's tables, and in
// the shells (where installed) Tab completes flags, commands, values and the config's profile names.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_FLAGS, TUI_FLAGS, parseCommand } from '../../src/cli/args.js';
import { completionScript, profileNames } from '../../src/cli/completion.js';
import { SERVE_FLAGS } from '../../src/cli/serve-args.js';
import { LINT_FLAGS } from '../../src/cli/lint-args.js';
import { UsageError } from '../../src/cli/errors.js';
import { BIN, tempDir } from '../helpers/emulator.js';

const SHELLS = ['bash', 'zsh', 'fish'] as const;
const has = (shell: string) => spawnSync('sh', ['-c', `command -v ${shell}`]).status === 0;

describe('completion arguments', () => {
  it('takes one shell; --help is its help; anything else is bad usage (exit 2)', () => {
    for (const shell of SHELLS) expect(parseCommand(['completion', shell])).toEqual({ kind: 'completion', target: shell });
    expect(parseCommand(['completion', '--profiles'])).toEqual({ kind: 'completion', target: 'profiles' });
    expect(parseCommand(['completion', '--help'])).toEqual({ kind: 'help', topic: 'completion' });
    expect(parseCommand(['help', 'completion'])).toEqual({ kind: 'help', topic: 'completion' });
    for (const argv of [[], ['tcsh'], ['bash', 'zsh'], ['--profiles', 'x']]) {
      expect(() => parseCommand(['completion', ...argv]), argv.join(' ')).toThrow(UsageError);
    }
  });
});

describe('completion scripts', () => {
  const tables = { '': TUI_FLAGS, login: LOGIN_FLAGS, serve: SERVE_FLAGS, lint: LINT_FLAGS };
  it.each(SHELLS)('%s: names every flag of every command and the commands', (shell) => {
    const script = completionScript(shell);
    for (const [command, table] of Object.entries(tables)) {
      for (const flag of Object.keys(table)) expect(script, `${command} --${flag}`).toMatch(new RegExp(`(--|-l )${flag}\\b`));
    }
    for (const command of ['login', 'serve', 'completion', 'lint']) expect(script).toContain(command);
    expect(script).toContain('completion --profiles');
  });
});

describe('the built bin', () => {
  let root: string;
  let env: Record<string, string>;
  beforeAll(() => {
    root = tempDir('cdn-tui-completion-');
    // `cdn-tui` on PATH, as the scripts call it back for the profile names.
    mkdirSync(join(root, 'bin'));
    writeFileSync(join(root, 'bin', 'cdn-tui'), `#!/bin/sh\nexec '${process.execPath}' '${BIN}' "$@"\n`, { mode: 0o755 });
    mkdirSync(join(root, 'config', 'cdn-tui'), { recursive: true });
    const config = join(root, 'config', 'cdn-tui', 'config.json');
    writeFileSync(
      config,
      JSON.stringify({ profiles: { prod: { base_url: 'https://api.example.test', token: 'tok-1234' }, staging: {} }, default: 'prod' }),
    );
    chmodSync(config, 0o600);
    env = { PATH: `${join(root, 'bin')}:${process.env.PATH ?? ''}`, HOME: root, XDG_CONFIG_HOME: join(root, 'config') };
    for (const key of Object.keys(process.env)) if (!key.startsWith('CDN_TUI_')) env[key] ??= process.env[key]!;
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const run = (file: string, args: string[]) => spawnSync(file, args, { encoding: 'utf8', timeout: 20_000, env });

  it.skipIf(!existsSync(BIN))(
    'prints each script, lists the profile names, refuses an unknown shell (exit 2), --help lists the command',
    () => {
      for (const shell of SHELLS) {
        const r = run(process.execPath, [BIN, 'completion', shell]);
        expect(r.status).toBe(0);
        expect(r.stdout).toBe(completionScript(shell));
      }
      expect(run(process.execPath, [BIN, 'completion', '--profiles']).stdout).toBe('prod\nstaging\n');
      expect(profileNames({ CDN_TUI_CONFIG: join(root, 'none.json') })).toEqual([]);
      const bad = run(process.execPath, [BIN, 'completion', 'tcsh']);
      expect(bad.status).toBe(2);
      expect(bad.stdout).toBe('');
      expect(bad.stderr).toBe('cdn-tui completion: the shell is bash, zsh or fish, not "tcsh" (see cdn-tui completion --help).\n');
      expect(run(process.execPath, [BIN, '--help']).stdout).toMatch(/^ {2}cdn-tui completion bash\|zsh\|fish$/m);
      expect(run(process.execPath, [BIN, 'completion', '--help']).stdout).toContain('source <(cdn-tui completion bash)');
    },
  );

  /** What bash completes for the words typed (the last one is being completed), through the script's own function. */
  const bash = (...words: string[]) => {
    const script = [
      'source <(cdn-tui completion bash) || exit 9',
      `fn=$(complete -p cdn-tui | sed -E 's/.* -F ([^ ]+) .*/\\1/')`,
      'COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=()',
      '"$fn" cdn-tui "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"',
      `printf '%s\\n' "\${COMPREPLY[@]}"`,
    ].join('\n');
    const r = run('bash', ['-c', script, 'bash', ...words]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    return r.stdout.split('\n').filter(Boolean).sort();
  };

  it.skipIf(!existsSync(BIN) || !has('bash'))('bash: flags, commands, values and profile names', () => {
    expect(bash('cdn-tui', '--pro')).toEqual(['--profile']);
    expect(bash('cdn-tui', '--profile', '')).toEqual(['prod', 'staging']);
    expect(bash('cdn-tui', '--profile', 's')).toEqual(['staging']);
    expect(bash('cdn-tui', '--profile', '=', '')).toEqual(['prod', 'staging']); // --profile=<Tab>
    expect(bash('cdn-tui', '')).toEqual([
      'apply',
      'bulk',
      'completion',
      'diff',
      'export',
      'find',
      'help',
      'lint',
      'login',
      'purge',
      'serve',
    ]);
    expect(bash('cdn-tui', 'purge', '--w')).toEqual(['--wildcard']);
    expect(bash('cdn-tui', 'lint', '--i')).toEqual(['--ignore']);
    expect(bash('cdn-tui', 'lint', 'shop', '--j')).toEqual(['--json']);
    expect(bash('cdn-tui', 'bulk', 'gzip:false', '--s')).toEqual(['--set']);
    expect(bash('cdn-tui', 'find', 'gzip:false', '--j')).toEqual(['--json']);
    expect(bash('cdn-tui', 'help', 'l')).toEqual(['lint', 'login']);
    expect(bash('cdn-tui', 'login', '--pro')).toEqual(['--profile']);
    expect(bash('cdn-tui', 'serve', '--seed', '')).toEqual(['demo', 'none']);
    expect(bash('cdn-tui', 'serve', '--pro')).toEqual(['--products']);
    expect(bash('cdn-tui', 'completion', '')).toEqual(['bash', 'fish', 'zsh']);
    expect(bash('cdn-tui', '--demo', '--read')).toEqual(['--read-only']);
    expect(bash('cdn-tui', '--no')).toEqual(['--no-cache']);
  });

  it.skipIf(!existsSync(BIN) || !has('fish'))('fish: flags, commands, values and profile names', () => {
    const fish = (line: string) => {
      const r = run('fish', ['-c', `cdn-tui completion fish | source; complete -C '${line}'`]);
      expect(r.stderr).toBe('');
      return r.stdout
        .split('\n')
        .filter(Boolean)
        .map((l) => l.split('\t')[0])
        .sort();
    };
    expect(fish('cdn-tui --pro')).toEqual(['--profile']);
    expect(fish('cdn-tui --profile ')).toEqual(['prod', 'staging']);
    expect(fish('cdn-tui ')).toEqual(['apply', 'bulk', 'completion', 'diff', 'export', 'find', 'help', 'lint', 'login', 'purge', 'serve']);
    expect(fish('cdn-tui serve --seed ')).toEqual(['demo', 'none']);
  });

  it.skipIf(!existsSync(BIN) || !has('zsh'))('zsh: the script loads and registers itself for cdn-tui', () => {
    const r = run('zsh', [
      '-f',
      '-c',
      'autoload -U compinit && compinit -u -D && source <(cdn-tui completion zsh) && print -r -- ${_comps[cdn-tui]}',
    ]);
    expect(r.stderr).toBe('');
    expect(r.stdout.trim()).toBe('_cdn_tui');
  });
});
