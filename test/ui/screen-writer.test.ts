// The stdout Ink writes to: frames written in one turn of the event loop reach the terminal as one
// synchronized patch; Ink's control sequences keep their order; a new screen or size is drawn whole.
import { EventEmitter } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { isFrame, screenWriter } from '../../src/ui/screen-writer.js';

class FakeTty extends EventEmitter {
  columns = 40;
  rows = 10;
  isTTY = true;
  readonly chunks: string[] = [];
  write(text: string, callback?: () => void): boolean {
    this.chunks.push(text);
    callback?.();
    return true;
  }
}

function setup(patchConsole = false) {
  const tty = new FakeTty();
  // cast: the fake has what the writer and Ink use of a TTY stream
  const out = screenWriter(tty as unknown as NodeJS.WriteStream, { patchConsole, stderr: tty });
  return { tty, out };
}

const frame = (...lines: string[]) => lines.join('\n');
const BEGIN = '\u001b[?2026h';

describe('screenWriter', () => {
  it('tells frames (text) from control sequences', () => {
    expect(isFrame('\u001b[?1049h')).toBe(false);
    expect(isFrame('\u001b[?25l\u001b[?2004h')).toBe(false);
    expect(isFrame('')).toBe(false);
    expect(isFrame('\u001b[1mtitle\u001b[22m')).toBe(true);
    expect(isFrame('\n')).toBe(true);
  });

  it('writes the last of the frames of one turn, once, in a synchronized update', async () => {
    const { tty, out } = setup();
    out.write(frame('a', 'b'));
    out.write(frame('a', 'c'));
    expect(tty.chunks).toEqual([]);
    await sleep(5);
    expect(tty.chunks).toHaveLength(1);
    expect(tty.chunks[0]!.startsWith(BEGIN)).toBe(true);
    expect(tty.chunks[0]).toContain('c');
    expect(tty.chunks[0]).not.toContain('b');
  });

  it('drops a frame made for a size the terminal no longer has; the next one is painted whole', async () => {
    const { tty, out } = setup();
    out.write(frame('header', 'row 1', 'row 2'));
    await sleep(5);
    tty.chunks.length = 0;
    out.write(frame('header at 40 columns', 'row 1', 'row 2')); // laid out for 40 columns…
    tty.columns = 30; // …but the terminal shrank before it was written: its lines would wrap
    await sleep(5);
    expect(tty.chunks).toEqual([]);
    out.write(frame('header', 'row 1', 'row 2')); // the frame for 30 columns
    await sleep(5);
    expect(tty.chunks).toHaveLength(1);
    expect(tty.chunks[0]).toContain('\u001b[H'); // from the top, whole
    expect(tty.chunks[0]).toContain('row 2');
  });

  it('writes nothing for a frame that changed nothing, and only the changed line otherwise', async () => {
    const { tty, out } = setup();
    out.write(frame('header', 'row 1', 'row 2'));
    await sleep(5);
    out.write(frame('header', 'row 1', 'row 2'));
    await sleep(5);
    expect(tty.chunks).toHaveLength(1);
    out.write(frame('header', 'row 1', 'row two'));
    await sleep(5);
    expect(tty.chunks).toHaveLength(2);
    expect(tty.chunks[1]).toContain('row two');
    expect(tty.chunks[1]).not.toContain('header');
  });

  it('draws a pending frame before a control sequence, and the whole frame after a screen switch or a resize', async () => {
    const { tty, out } = setup();
    out.write('\u001b[?1049h');
    out.write(frame('header', 'body'));
    out.write('\u001b[?1049l'); // left the alternate screen (an editor takes the terminal)
    expect(tty.chunks.map((c) => (c.includes('body') ? 'frame' : c))).toEqual(['\u001b[?1049h', 'frame', '\u001b[?1049l']);
    out.write('\u001b[?1049h');
    out.write(frame('header', 'body'));
    await sleep(5);
    expect(tty.chunks.at(-1)).toContain('header'); // drawn whole again
    tty.columns = 30;
    out.write(frame('header', 'body'));
    await sleep(5);
    expect(tty.chunks.at(-1)).toContain('header');
  });

  it('calls back writes, and gives everything else (size, listeners) from the real stream', () => {
    const { tty, out } = setup();
    let called = false;
    out.write('', () => (called = true));
    expect(called).toBe(true);
    expect([out.columns, out.rows, out.isTTY]).toEqual([40, 10, true]);
    let resized = 0;
    out.on('resize', () => resized++);
    tty.emit('resize');
    expect(resized).toBe(1);
  });

  it('writes console output, then draws the frame whole over it while on the alternate screen', async () => {
    const saved = { ...console };
    try {
      const { tty, out } = setup(true);
      out.write('\u001b[?1049h');
      out.write(frame('header', 'body'));
      await sleep(5);
      console.error('oops', 42);
      expect(tty.chunks.at(-1)).toBe('oops 42\n');
      await sleep(5);
      expect(tty.chunks.at(-1)).toContain('header'); // drawn whole again
      out.write('\u001b[?1049l');
      const count = tty.chunks.length;
      console.log('after');
      await sleep(5);
      expect(tty.chunks.slice(count)).toEqual(['after\n']); // off the alternate screen: only the text
    } finally {
      Object.assign(console, saved);
    }
  });
});
