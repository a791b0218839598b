// The plain SHA-256 that names state files answers as node:crypto does, for any text.
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/util/sha256.js';

const node = (text: string) => createHash('sha256').update(text).digest('hex');

describe('sha256Hex', () => {
  it('answers the known digests', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('answers as node:crypto at every length around the block boundaries, and for any text', () => {
    for (let n = 0; n < 200; n++) expect(sha256Hex('x'.repeat(n)), `length ${n}`).toBe(node('x'.repeat(n)));
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (text) => {
        expect(sha256Hex(text)).toBe(node(text));
      }),
    );
  });
});
