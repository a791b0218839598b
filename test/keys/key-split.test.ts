// A terminal's read cut into keys where Ink's parser cuts them (src/keys/key-split.ts).
import { describe, expect, it } from 'vitest';
import { isUnmarkedPaste, PASTE_END, PASTE_START, splitRead, TYPED_AHEAD_MAX } from '../../src/keys/key-split.js';

const keys = (text: string, inPaste = false) => splitRead(text, inPaste).keys;

describe('splitRead', () => {
  it('cuts text, control characters and escape sequences into keys, in order', () => {
    expect(keys('XYZ\rjj')).toEqual(['X', 'Y', 'Z', '\r', 'j', 'j']);
    expect(keys('a\u001b[Ab\u001bOPc\u001b[1;5Cd\u001b[3~')).toEqual([
      'a',
      '\u001b[A',
      'b',
      '\u001bOP',
      'c',
      '\u001b[1;5C',
      'd',
      '\u001b[3~',
    ]);
    expect(keys('cd\u007f\u0015\t\u0003')).toEqual(['c', 'd', '\u007f', '\u0015', '\t', '\u0003']);
    expect(keys('👩‍💻é')).toEqual(['👩', '\u200d', '💻', 'é']);
  });

  it('reads Alt-x, ESC ESC, legacy and rxvt sequences as Ink does', () => {
    expect(keys('\u001bjk')).toEqual(['\u001bj', 'k']);
    expect(keys('\u001b\u001b[A')).toEqual(['\u001b\u001b[A']);
    expect(keys('\u001b\u001bx')).toEqual(['\u001b\u001b', 'x']);
    expect(keys('\u001b[[A\u001b[2$')).toEqual(['\u001b[[A', '\u001b[2$']);
    expect(keys('\u001b[\rx')).toEqual(['\u001b[', '\r', 'x']); // not a sequence: Alt-[ then Enter
  });

  it('CR LF is one Enter; a lone LF is a key of its own', () => {
    expect(keys('a\r\nb\nc')).toEqual(['a', '\r', 'b', '\n', 'c']);
  });

  it('keeps a bracketed paste whole, with what follows it as keys', () => {
    expect(keys(`x${PASTE_START}p\rq${PASTE_END}\rj`)).toEqual(['x', `${PASTE_START}p\rq${PASTE_END}`, '\r', 'j']);
  });

  it('a paste whose end comes in a later read: the rest of this read, then the next read up to its end', () => {
    const first = splitRead(`j${PASTE_START}line 1\r`);
    expect(first).toEqual({ keys: ['j', `${PASTE_START}line 1\r`], cut: '', inPaste: true });
    expect(splitRead('line 2\r', true)).toEqual({ keys: ['line 2\r'], cut: '', inPaste: true });
    expect(splitRead(`line 3${PASTE_END}k`, true)).toEqual({ keys: [`line 3${PASTE_END}`, 'k'], cut: '', inPaste: false });
  });

  it('the start of an escape sequence at the end of a read is cut, for the next read; a lone ESC is a key (Ink waits for more)', () => {
    expect(splitRead('x\u001b[')).toEqual({ keys: ['x'], cut: '\u001b[', inPaste: false });
    expect(splitRead('x\u001b[1;5')).toEqual({ keys: ['x'], cut: '\u001b[1;5', inPaste: false });
    expect(splitRead('\u001b[200')).toEqual({ keys: [], cut: '\u001b[200', inPaste: false });
    expect(splitRead('\u001bO')).toEqual({ keys: [], cut: '\u001bO', inPaste: false });
    expect(splitRead('x\u001b')).toEqual({ keys: ['x', '\u001b'], cut: '', inPaste: false });
    expect(keys('\u001b[' + 'D')).toEqual(['\u001b[D']);
  });

  it('a long run of text is one key (a paste stays one change)', () => {
    const long = 'x'.repeat(TYPED_AHEAD_MAX + 1);
    expect(keys(`${long}\r`)).toEqual([long, '\r']);
    expect(keys('x'.repeat(TYPED_AHEAD_MAX))).toHaveLength(TYPED_AHEAD_MAX);
  });

  it('a read longer than keys typed ahead, with text after a line break, is a paste the terminal did not mark', () => {
    expect(isUnmarkedPaste(`${'a'.repeat(40)}\r${'b'.repeat(40)}`)).toBe(true);
    expect(isUnmarkedPaste(`${'a'.repeat(40)}\n\n${'b'.repeat(40)}`)).toBe(true);
    // Not when short (typed ahead), when the line break ends it, or with escape sequences in it.
    expect(isUnmarkedPaste('XYZ\rjj')).toBe(false);
    expect(isUnmarkedPaste(`${'a'.repeat(80)}\r`)).toBe(false);
    expect(isUnmarkedPaste(`${'a'.repeat(40)}\u001b[A\r${'b'.repeat(40)}`)).toBe(false);
  });
});
