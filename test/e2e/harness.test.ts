// The e2e harness itself, proven on a tiny fixture program (no TUI needed): the same pty →
// headless xterm path the TUI tests use.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { startTerminal, type TerminalSession } from './terminal.js';
import { keySequence } from './keys.js';
import { BIN, startApp } from './harness.js';
import { cellWidth } from '../../src/ui/text.js';

const FIXTURE = resolve(import.meta.dirname, 'fixtures/echo-keys.mjs');

/** The key names the fixture listed, oldest first. */
const keysSeen = (t: TerminalSession) =>
  t
    .screen()
    .split('\n')
    .filter((l) => l.startsWith('key: '))
    .map((l) => l.slice(5));

describe('terminal harness on the echo-keys fixture', () => {
  let t: TerminalSession;
  beforeEach(async () => {
    t = startTerminal({ file: process.execPath, args: [FIXTURE], cols: 100, rows: 30 });
    await t.waitForText('ready 100x30');
    await t.waitForText('bold inverse'); // the frame's last line: one write may arrive in several reads
  });
  afterEach(() => t.close());

  it('reads the alternate screen as a person sees it', () => {
    expect(t.alternateScreen()).toBe(true);
    expect(t.rawOutput()).toContain('\x1b[?1049h');
    const lines = t.screen().split('\n');
    expect(lines).toHaveLength(30);
    expect(t.line(0)).toBe('ready 100x30');
    expect(t.line(1)).toMatch(/^╭─+╮$/); // trailing spaces trimmed, box drawing intact
    expect(t.line(-1)).toBe('');
    expect(t.screen()).toContain('› → ✓ ✗ ● ▲ ▼ …');
  });

  it('finds the rows drawn in inverse video', () => {
    expect(t.inverseRows()).toEqual([2, 6]); // the focus bar, and "bold inverse"
    expect(t.inverseRows(20)).toEqual([2]); // only the bar spans 20+ cells
    expect(t.inverseText(2)).toBe('focused row');
    expect(t.isInverse(2, 1)).toBe(true);
    expect(t.isInverse(2, 0)).toBe(false); // the frame's │ is not
    expect(t.isInverse(0, 0)).toBe(false);
  });

  it('sends each key as xterm does, one key per read', async () => {
    const keys = [
      'down',
      'up',
      'left',
      'right',
      'home',
      'end',
      'pgup',
      'pgdn',
      'tab',
      'shift-tab',
      'enter',
      'space',
      'backspace',
      'delete',
    ];
    await t.press(...keys, 'ctrl-c', 'ctrl-s', 'ctrl-b', 'ctrl-f', 's');
    await t.waitForText('key: s');
    expect(keysSeen(t)).toEqual([...keys, 'ctrl-c', 'ctrl-s', 'ctrl-b', 'ctrl-f', 's']);
  });

  it('keeps Esc apart from the next key (not Alt-x), and sends Alt-x when asked', async () => {
    await t.press('esc', 'x', 'alt-x');
    await t.waitForText('key: alt-x');
    expect(keysSeen(t)).toEqual(['esc', 'x', 'alt-x']);
  });

  it('types text one character at a time, and pastes in one bracketed chunk', async () => {
    await t.type('hi!');
    await t.press('p'); // the fixture then asks for bracketed paste
    await t.paste('some text');
    await t.waitForText('key: paste(some text)');
    expect(keysSeen(t)).toEqual(['h', 'i', '!', 'p', 'paste(some text)']);
  });

  it('sends SS3 cursor keys once the program asks for application cursor keys', async () => {
    await t.press('a');
    await t.waitForText('(application cursor keys)');
    await t.press('up', 'home');
    await t.waitForText('key: home(app)');
    expect(keysSeen(t)).toEqual(['a', 'up(app)', 'home(app)']);
  });

  it('refuses an unknown key name instead of typing it', async () => {
    expect(keySequence('pgdn')).toBe('\x1b[6~');
    expect(() => keySequence('pgdown')).toThrow(/unknown key name "pgdown": use type\(\)/);
    await expect(t.press('ctrl-é')).rejects.toThrow(/unknown key name/);
  });

  it('resizes: the program gets SIGWINCH and the screen takes the new size', async () => {
    t.resize(60, 20);
    await t.waitForText('size 60x20');
    expect(t.size()).toEqual({ cols: 60, rows: 20 });
    expect(t.line(0)).toBe('ready 60x20');
    expect(t.screen().split('\n')).toHaveLength(20);
  });

  it('fails a wait with the screen in the message', async () => {
    await expect(t.waitForText('never shown', 150)).rejects.toThrow(
      /waitForText\("never shown"\): not seen within 150 ms[\s\S]*alternate buffer[\s\S]*0│ready 100x30[\s\S]*2▌│ focused row/,
    );
    await expect(t.waitForNoText(/ready/, 150)).rejects.toThrow(/waitForNoText\(\/ready\/\)/);
  });

  it('reports a normal exit, and the shell screen the program went back to', async () => {
    await t.press('q');
    expect(await t.exited).toEqual({ exitCode: 0, signal: null });
    expect(t.hasExited()).toBe(true);
    expect(t.alternateScreen()).toBe(false);
    expect(t.line(0)).toBe('bye');
    await expect(t.waitForText('anything', 5000)).rejects.toThrow(/the program exited first \(exit code 0\)/);
    await expect(t.press('down')).rejects.toThrow(/cannot press down: the program exited/);
  });

  it('reports the signal that ended the program', async () => {
    t.kill('SIGKILL');
    expect(await t.exited).toEqual({ exitCode: 0, signal: 'SIGKILL' });
  });
});

describe('the headless terminal measures text as the app does', () => {
  it('puts a marker after CJK, emoji sequences, flags and combining marks where cellWidth says', async () => {
    const prefixes = [
      '東京',
      '👩\u200D💻 dev',
      '👨\u200D👩\u200D👧',
      '🇫🇷🇩🇪',
      '👍🏽',
      '1\uFE0F\u20E3',
      '❤️',
      'cafe\u0301',
      'Z\u0351\u0354\u0300\u0301\u0302\u0303\u0308',
      'Ａｂｃ ﾃｽﾄ',
      'name: 東京 👩\u200D💻 🏳️\u200D🌈 🇯🇵 👍🏽 café cafe\u0301',
    ];
    const program = "process.stdout.write(JSON.parse(process.argv[1]).map((p) => p + '|').join('\\r\\n'))";
    const t = startTerminal({ file: process.execPath, args: ['-e', program, JSON.stringify(prefixes)], cols: 100, rows: 30 });
    try {
      expect(await t.exited).toEqual({ exitCode: 0, signal: null });
      const cells = t.snapshot().cells;
      const markerColumns = prefixes.map((_, row) => cells[row]!.findIndex((cell) => cell.chars === '|'));
      expect(markerColumns).toEqual(prefixes.map(cellWidth));
      expect(t.screen().split('\n').slice(0, prefixes.length)).toEqual(prefixes.map((p) => `${p}|`));
    } finally {
      await t.close();
    }
  });
});

describe.skipIf(!existsSync(BIN))('startApp on the built CLI', () => {
  it('runs dist/cdn-tui.js in the pty against a child emulator, in throwaway folders', async () => {
    const app = await startApp({ args: ['--version'], emulator: true, env: { CDN_TUI_TOKEN: undefined } });
    try {
      await app.waitForText(/^cdn-tui \d+\.\d+\.\d+/);
      expect(await app.exited).toEqual({ exitCode: 0, signal: null });
      expect(app.hasEmulator).toBe(true);
      const reply = await app.emulator.call('GET', '/content_delivery/configurations');
      expect(reply.status).toBe(200);
      expect(app.log().length).toBeGreaterThan(0); // the emulator logged that request
      expect(existsSync(app.stateDir) && existsSync(app.configDir)).toBe(true);
    } finally {
      await app.close();
    }
    expect(existsSync(app.stateDir)).toBe(false);
    expect(app.emulator.child.exitCode !== null || app.emulator.child.signalCode !== null).toBe(true);
  });

  it('starts no emulator when the arguments choose another source', async () => {
    const app = await startApp({ args: ['--help'] });
    try {
      expect(await app.exited).toEqual({ exitCode: 0, signal: null });
      expect(app.rawOutput()).toContain('Usage'); // scrolled off a 30-row screen: read the raw output
      expect(app.hasEmulator).toBe(false);
      expect(() => app.emulator).toThrow(/no emulator/);
    } finally {
      await app.close();
    }
  });
});
