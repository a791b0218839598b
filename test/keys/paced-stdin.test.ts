// The pacer between the terminal and Ink: one key per read, one read per turn of the event loop.
import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PASTE_END, PASTE_START } from '../../src/keys/key-split.js';
import { CUT_WAIT_MS, PASTE_QUIET_MS, pacedStdin, pacerOf } from '../../src/keys/paced-stdin.js';

class Source extends EventEmitter {
  readonly isTTY = true;
  rawMode = false;
  private readonly reads: string[] = [];
  send(data: string): void {
    this.reads.push(data);
    this.emit('readable');
  }
  read(): string | null {
    return this.reads.shift() ?? null;
  }
  setRawMode(on: boolean): this {
    this.rawMode = on;
    return this;
  }
}

/** Reads as Ink does: on 'readable', everything read() gives; each read noted with its turn. */
function inkReader(stdin: Source) {
  const got: Array<{ key: string; turn: number }> = [];
  let turn = 0;
  const tick = setInterval(() => undefined, 1000);
  const count = () => {
    turn++;
    setImmediate(count);
  };
  const countTurns = setImmediate(count);
  const listener = () => {
    for (let k = stdin.read(); k !== null; k = stdin.read()) got.push({ key: k, turn });
  };
  stdin.on('readable', listener);
  return {
    got,
    keys: () => got.map((g) => g.key),
    stop: () => {
      stdin.off('readable', listener);
      clearInterval(tick);
      clearImmediate(countTurns);
    },
  };
}

const turns = () => new Promise((r) => setTimeout(r, 20));

afterEach(() => vi.useRealTimers());

describe('pacedStdin', () => {
  it('hands one key per read, the first at once and each later one in a turn of its own', async () => {
    const source = new Source();
    const paced = pacedStdin(source);
    const ink = inkReader(paced);
    source.send('XYZ\rjj');
    expect(ink.keys()).toEqual(['X']); // at once, in the source's own 'readable'
    await turns();
    expect(ink.keys()).toEqual(['X', 'Y', 'Z', '\r', 'j', 'j']);
    expect(new Set(ink.got.map((g) => g.turn)).size).toBe(6);
    ink.stop();
  });

  it('keys of a later read wait behind the keys of the earlier one', async () => {
    const source = new Source();
    const ink = inkReader(pacedStdin(source));
    source.send('ab');
    source.send('c');
    await turns();
    expect(ink.keys()).toEqual(['a', 'b', 'c']);
    ink.stop();
  });

  it('passes everything but reading to the source (raw mode, isTTY, other events)', () => {
    const source = new Source();
    const paced = pacedStdin(source);
    paced.setRawMode(true);
    expect(source.rawMode).toBe(true);
    expect(paced.isTTY).toBe(true);
    const seen: string[] = [];
    paced.on('end', () => seen.push('end'));
    source.emit('end');
    expect(seen).toEqual(['end']);
  });

  it('reads the source only while Ink listens; keys not handled when it stops are dropped', async () => {
    const source = new Source();
    const paced = pacedStdin(source);
    const ink = inkReader(paced);
    expect(source.listenerCount('readable')).toBe(1);
    source.send('abc');
    ink.stop(); // the terminal goes to $EDITOR
    expect(source.listenerCount('readable')).toBe(0);
    const after = inkReader(paced);
    source.send('z');
    await turns();
    expect(ink.keys()).toEqual(['a']);
    expect(after.keys()).toEqual(['z']);
    after.stop();
  });

  it('typeAhead: text Ink reads next, before the keys waiting', async () => {
    const source = new Source();
    const paced = pacedStdin(source);
    const ink = inkReader(paced);
    source.send('a\r');
    pacerOf(paced)!.typeAhead('pasted');
    await turns();
    expect(ink.keys()).toEqual(['a', 'pasted', '\r']);
    ink.stop();
  });

  it('says while keys of a read wait, and once the last is read (burst-frames.ts builds one frame then)', async () => {
    const source = new Source();
    const paced = pacedStdin(source);
    const pacer = pacerOf(paced)!;
    const seen: string[][] = [];
    const ink = inkReader(paced);
    const stop = pacer.onDrained(() => seen.push(ink.keys()));
    source.send('jjk');
    expect(pacer.waiting()).toBe(true); // j read at once, j k wait
    await turns();
    expect(pacer.waiting()).toBe(false);
    expect(seen).toEqual([['j', 'j', 'k']]);
    stop();
    ink.stop();
  });

  it('a paste the terminal did not mark, in several reads back to back (the last one short): one paste, once they stop', async () => {
    const source = new Source();
    const ink = inkReader(pacedStdin(source));
    const first = `${'a'.repeat(40)}\r${'b'.repeat(40)}\r`;
    source.send(first);
    source.send('tail\r');
    await new Promise((r) => setTimeout(r, PASTE_QUIET_MS + 30));
    expect(ink.keys()).toEqual([`${PASTE_START}${first}tail\r${PASTE_END}`]);
    source.send('j');
    await turns();
    expect(ink.keys().at(-1)).toBe('j'); // keys again once it ended
    ink.stop();
  });

  it('holds an escape sequence cut by the end of a read for the next read, and drops it if none comes in time', async () => {
    const source = new Source();
    const ink = inkReader(pacedStdin(source));
    source.send('x\u001b[');
    await turns();
    source.send('A');
    await turns();
    expect(ink.keys()).toEqual(['x', '\u001b[A']);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    source.send('\u001b[1;');
    vi.advanceTimersByTime(CUT_WAIT_MS + 1);
    vi.useRealTimers();
    source.send('y');
    await turns();
    expect(ink.keys()).toEqual(['x', '\u001b[A', 'y']);
    ink.stop();
  });
});
