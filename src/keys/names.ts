// Ink's (input, key) → one key name: 'up', 'pgdn', 'enter', 'esc', 'space', 'ctrl-s', or the character.
import type { Key } from 'ink';

export function keyName(input: string, key: Key): string {
  if (key.upArrow) return 'up';
  if (key.downArrow) return 'down';
  if (key.leftArrow) return 'left';
  if (key.rightArrow) return 'right';
  if (key.pageUp) return 'pgup';
  if (key.pageDown) return 'pgdn';
  if (key.home) return 'home';
  if (key.end) return 'end';
  // LF (Ctrl-J) is Enter too: terminals send CR for Enter, but a line break in keys can be either.
  if (key.return || input === '\n') return 'enter';
  if (key.escape) return 'esc';
  if (key.tab) return key.shift ? 'shift-tab' : 'tab';
  if (key.backspace) return 'backspace';
  if (key.delete) return 'delete';
  if (key.ctrl && input.length === 1) return `ctrl-${input.toLowerCase()}`;
  if (input === ' ') return 'space';
  return input;
}

/** A key name as help and the footer show it. */
export function showKey(name: string, ascii = false): string {
  const arrows: Readonly<Record<string, string>> = ascii
    ? { up: 'Up', down: 'Down', left: 'Left', right: 'Right' }
    : { up: '↑', down: '↓', left: '←', right: '→' };
  const shown: Readonly<Record<string, string>> = {
    ...arrows,
    pgup: 'PgUp',
    pgdn: 'PgDn',
    home: 'Home',
    end: 'End',
    enter: 'Enter',
    esc: 'Esc',
    space: 'Space',
    tab: 'Tab',
  };
  const named = shown[name];
  if (named) return named;
  if (name.startsWith('ctrl-')) return `Ctrl-${name.slice(5)}`;
  return name;
}

/** Whether a key name is one printable character (or Space). */
export function isPrintable(name: string): boolean {
  return name === 'space' || ([...name].length === 1 && name >= ' ' && name !== '\u007f');
}

const EDITING = new Set(['backspace', 'delete', 'left', 'right', 'home', 'end', 'space']);
const NOT_TEXT = new Set(['', 'up', 'down', 'pgup', 'pgdn', 'enter', 'esc', 'tab', 'shift-tab']);

/** Whether a text input takes the key as text or to edit its text (not Enter, Esc, ↑/↓, Tab, Ctrl keys); a pasted chunk is text. */
export function isTextKey(name: string): boolean {
  return EDITING.has(name) || (!NOT_TEXT.has(name) && !/^ctrl-.$/.test(name));
}

/** Whether Ink's input is a run of text (typed ahead, or a paste a text input took), not one key: its name is not a key's. */
export function isTextRun(input: string): boolean {
  return [...input].length > 1 && !input.startsWith('\u001b');
}

/** The key name of one character of a chunk that arrived as several keys at once ("jj", "j\r"). */
export function charKey(c: string): string {
  if (c === '\r' || c === '\n') return 'enter';
  if (c === '\t') return 'tab';
  if (c === '\x7f' || c === '\b') return 'backspace';
  if (c === ' ') return 'space';
  const code = c.charCodeAt(0);
  if (code >= 1 && code <= 26) return `ctrl-${String.fromCharCode(code + 96)}`;
  return c;
}
