// Key names → the bytes a real xterm (TERM=xterm-256color) sends for them.
// Only erasable TypeScript here: scripts/screenshot.mjs loads this file with Node's own type
// stripping, without a build step.

/** Keys whose bytes do not depend on the terminal's modes. */
const FIXED: Readonly<Record<string, string>> = {
  enter: '\r',
  return: '\r',
  esc: '\x1b',
  escape: '\x1b',
  tab: '\t',
  'shift-tab': '\x1b[Z',
  space: ' ',
  backspace: '\x7f',
  insert: '\x1b[2~',
  delete: '\x1b[3~',
  pgup: '\x1b[5~',
  pageup: '\x1b[5~',
  pgdn: '\x1b[6~',
  pagedown: '\x1b[6~',
  f1: '\x1bOP',
  f2: '\x1bOQ',
  f3: '\x1bOR',
  f4: '\x1bOS',
  f5: '\x1b[15~',
  f10: '\x1b[21~',
};

/**
 * Cursor keys: xterm sends `CSI x` normally and `SS3 x` (ESC O x) once the application asks for
 * "application cursor keys" (DECCKM, `CSI ?1h`), as readline-style programs often do.
 */
const CURSOR: Readonly<Record<string, string>> = {
  up: 'A',
  down: 'B',
  right: 'C',
  left: 'D',
  home: 'H',
  end: 'F',
};

/** Whether `name` is a key name (as opposed to literal text). */
export function isKeyName(name: string): boolean {
  return name in FIXED || name in CURSOR || /^(ctrl|alt)-./.test(name);
}

/**
 * The bytes for one key: a name from the tables above, `ctrl-<letter>` (also `ctrl-space`,
 * `ctrl-[`, `ctrl-\`, `ctrl-]`), `alt-<key>` (ESC then the key), or a single character sent as is.
 * Any other string is refused, so that a typo such as `'pgdown'` is not typed as text: use the
 * harness's `type()` for text.
 * @param applicationCursor the terminal is in DECCKM mode (see {@link CURSOR}).
 */
export function keySequence(name: string, applicationCursor = false): string {
  const fixed = FIXED[name];
  if (fixed !== undefined) return fixed;
  const cursor = CURSOR[name];
  if (cursor !== undefined) return (applicationCursor ? '\x1bO' : '\x1b[') + cursor;
  if (name.startsWith('alt-') && name.length > 4) return '\x1b' + keySequence(name.slice(4), applicationCursor);
  if (name.startsWith('ctrl-') && name.length > 5) return ctrl(name.slice(5));
  if ([...name].length === 1) return name;
  throw new Error(`unknown key name ${JSON.stringify(name)}: use type() to send text`);
}

function ctrl(key: string): string {
  if (key === 'space' || key === '@') return '\x00';
  if (key.length !== 1) throw new Error(`unknown key name "ctrl-${key}"`);
  const code = key.toLowerCase().charCodeAt(0);
  if (code >= 0x61 && code <= 0x7a) return String.fromCharCode(code - 0x60); // ctrl-a → 0x01
  const other: Record<string, string> = { '[': '\x1b', '\\': '\x1c', ']': '\x1d', '^': '\x1e', _: '\x1f', '?': '\x7f' };
  const seq = other[key];
  if (seq === undefined) throw new Error(`unknown key name "ctrl-${key}"`);
  return seq;
}

/** Whether a key's bytes are a lone ESC, which the reader must not glue to the next key (Alt-x). */
export function isLoneEscape(seq: string): boolean {
  return seq === '\x1b';
}
