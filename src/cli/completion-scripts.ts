// The completion scripts of bash, zsh and fish, written from the command specs of completion.ts.
// Each asks `<the command typed> completion --profiles` for the profile names when Tab is pressed.

/** A flag as the scripts complete it (completion.ts reads them off the parser's tables). */
export interface FlagSpec {
  /** Without the dashes: `profile`. */
  readonly name: string;
  /** One letter (`-h`), if the flag has one. */
  readonly short?: string;
  readonly repeatable: boolean;
  /** What follows the flag: nothing, a profile name, a file, one of `choices`, or text nothing can be offered for. */
  readonly value: 'none' | 'profile' | 'file' | 'choice' | 'text';
  readonly choices: readonly string[];
  /** The value's name in the help (`FILE`), '' for a switch. */
  readonly metavar: string;
  /** The help's line about the flag, shortened; '' when the help does not list it. */
  readonly help: string;
}

export interface CommandSpec {
  /** The word after `cdn-tui`; '' for the TUI itself. */
  readonly name: string;
  readonly help: string;
  readonly flags: readonly FlagSpec[];
  /** The words it takes after it (a shell, a help topic). */
  readonly words: readonly string[];
}

const COMMAND_NAMES = (specs: readonly CommandSpec[]) => specs.filter((c) => c.name !== '').map((c) => c.name);
const flagWords = (c: CommandSpec) => c.flags.flatMap((f) => [`--${f.name}`, ...(f.short ? [`-${f.short}`] : [])]);

/** Text in single quotes for bash, zsh and fish's POSIX-like quoting: 'it'\''s'. */
const sq = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

export function bashScript(specs: readonly CommandSpec[]): string {
  const names = COMMAND_NAMES(specs);
  const valueCase = (kind: FlagSpec['value']) =>
    specs.flatMap((c) => c.flags.filter((f) => f.value === kind).map((f) => `"${c.name} --${f.name}"`)).join('|');
  const choiceCases = specs.flatMap((c) =>
    c.flags
      .filter((f) => f.value === 'choice')
      .map((f) => `    "${c.name} --${f.name}") COMPREPLY=($(compgen -W "${f.choices.join(' ')}" -- "$cur")); return ;;`),
  );
  const wordCases = specs.map((c) => {
    const words = c.name === '' ? names : c.words;
    const at = c.name === '' ? 1 : 2;
    const flags = `words="${flagWords(c).join(' ')}"`;
    const label = c.name === '' ? "''" : c.name;
    // Its words (commands, a shell, a topic) right after it, its flags anywhere.
    if (!words.length) return `    ${label}) ${flags} ;;`;
    return `    ${label}) if ((COMP_CWORD == ${at})) && [[ $cur != -* ]]; then words="${words.join(' ')}"; else ${flags}; fi ;;`;
  });
  const cases = [
    `    ${valueCase('profile') || '"-"'}) local IFS=$'\\n'; COMPREPLY=($(compgen -W "$("\${COMP_WORDS[0]}" completion --profiles 2>/dev/null)" -- "$cur")); return ;;`,
    `    ${valueCase('file') || '"-"'}) compopt -o filenames 2>/dev/null; local IFS=$'\\n'; COMPREPLY=($(compgen -f -- "$cur")); return ;;`,
    ...choiceCases,
    `    ${valueCase('text') || '"-"'}) return ;;`,
  ];
  return `# bash completion for cdn-tui, printed by \`cdn-tui completion bash\`. Load it from ~/.bashrc:
#   source <(cdn-tui completion bash)
_cdn_tui() {
  local cur=\${COMP_WORDS[COMP_CWORD]} prev=\${COMP_WORDS[COMP_CWORD-1]} cmd= words=
  # --flag=value: bash splits the word at "=".
  if [[ $cur == = ]]; then cur=; elif [[ $prev == = ]] && ((COMP_CWORD > 1)); then prev=\${COMP_WORDS[COMP_CWORD-2]}; fi
  if ((COMP_CWORD > 1)); then
    case \${COMP_WORDS[1]} in ${names.join('|')}) cmd=\${COMP_WORDS[1]} ;; esac
  fi
  COMPREPLY=()
  case "$cmd $prev" in
${cases.join('\n')}
  esac
  case $cmd in
${wordCases.join('\n')}
  esac
  COMPREPLY=($(compgen -W "$words" -- "$cur"))
}
complete -F _cdn_tui cdn-tui
`;
}

/** A flag as _arguments specs: `'*--token=[help]:TOKEN: '`. */
function zshSpecs(f: FlagSpec): string[] {
  const help = f.help ? `[${f.help.replace(/[\\[\]]/g, '\\$&')}]` : '';
  const forms = [`--${f.name}`, ...(f.short ? [`-${f.short}`] : [])];
  const exclusive = f.short && !f.repeatable ? `(${forms.join(' ')})` : '';
  const value =
    f.value === 'none'
      ? ''
      : `:${(f.metavar || f.name).replace(/[\\:]/g, '\\$&')}:${{ profile: '_cdn_tui_profiles', file: '_files', choice: `(${f.choices.join(' ')})`, text: ' ' }[f.value]}`;
  return forms.map((form) =>
    sq(`${f.repeatable ? '*' : exclusive}${form}${f.value !== 'none' && form.startsWith('--') ? '=' : ''}${help}${value}`),
  );
}

export function zshScript(specs: readonly CommandSpec[]): string {
  const tui = specs.find((c) => c.name === '')!;
  const others = specs.filter((c) => c.name !== '');
  const args = (c: CommandSpec) =>
    [
      ...c.flags.flatMap(zshSpecs),
      ...(c.words.length ? [sq(`1:${c.name === 'help' ? 'topic' : 'shell'}:(${c.words.join(' ')})`)] : []),
    ].join(' \\\n        ');
  const commands = others.map((c) => sq(`${c.name}:${c.help.replace(/:/g, '\\:')}`)).join(' ');
  return `#compdef cdn-tui
# zsh completion for cdn-tui, printed by \`cdn-tui completion zsh\`. Load it from ~/.zshrc, after compinit:
#   source <(cdn-tui completion zsh)
# or save it as _cdn_tui in a folder of $fpath (before compinit).
_cdn_tui_profiles() {
  local -a names
  names=(\${(f)"$(\${_cdn_tui_program:-cdn-tui} completion --profiles 2>/dev/null)"})
  _describe -t profiles 'profile' names
}

_cdn_tui() {
  local _cdn_tui_program=\${words[1]}
  local -a commands
  commands=(${commands})
  if (( CURRENT > 2 )) && [[ \${words[2]} == (${others.map((c) => c.name).join('|')}) ]]; then
    local cmd=\${words[2]}
    shift words
    (( CURRENT-- ))
    curcontext="\${curcontext%:*:*}:cdn-tui-$cmd:"
    case $cmd in
${others.map((c) => `      ${c.name}) _arguments -s -S : ${args(c) || "'*: :'"} ;;`).join('\n')}
    esac
  elif (( CURRENT == 2 )) && [[ \${words[2]} != -* ]]; then
    _describe -t commands 'cdn-tui command' commands
  else
    _arguments -s -S : ${args(tui)}
  fi
}

if [[ \${funcstack[1]} == _cdn_tui ]]; then
  _cdn_tui "$@"
else
  compdef _cdn_tui cdn-tui
fi
`;
}

export function fishScript(specs: readonly CommandSpec[]): string {
  const names = COMMAND_NAMES(specs);
  const lines: string[] = [];
  for (const c of specs) {
    const when = sq(`__cdn_tui_using "${c.name}"`);
    if (c.name !== '') lines.push(`complete -c cdn-tui -n ${sq('test (count (commandline -opc)) -eq 1')} -a ${c.name} -d ${sq(c.help)}`);
    if (c.words.length)
      lines.push(
        `complete -c cdn-tui -n ${sq(`__cdn_tui_using ${c.name}; and test (count (commandline -opc)) -eq 2`)} -a ${sq(c.words.join(' '))}`,
      );
    for (const f of c.flags) {
      const value = {
        none: '',
        profile: ` -x -a ${sq('(__cdn_tui_profiles)')}`,
        file: ' -r -F',
        choice: ` -x -a ${sq(f.choices.join(' '))}`,
        text: ' -x',
      }[f.value];
      lines.push(
        `complete -c cdn-tui -n ${when} -l ${f.name}${f.short ? ` -s ${f.short}` : ''}${value}${f.help ? ` -d ${sq(f.help)}` : ''}`,
      );
    }
  }
  return `# fish completion for cdn-tui, printed by \`cdn-tui completion fish\`. Save it where fish looks:
#   cdn-tui completion fish > ~/.config/fish/completions/cdn-tui.fish

# Whether the command being completed is $argv[1] ('' for the TUI itself: no command word first).
function __cdn_tui_using
    set -l words (commandline -opc)
    if test (count $words) -ge 2; and contains -- $words[2] ${names.join(' ')}
        test "$words[2]" = "$argv[1]"
    else
        test -z "$argv[1]"
    end
end

function __cdn_tui_profiles
    set -l words (commandline -opc)
    $words[1] completion --profiles 2>/dev/null
end

complete -c cdn-tui -f
${lines.join('\n')}
`;
}
