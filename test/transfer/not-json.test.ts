// A file that is not JSON is said on one line: V8's message quotes the text around the fault,
// newlines and all ("x⏎" is not valid JSON), which broke the command's line (and the status line) in two.
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseExport } from '../../src/transfer/format.js';
import { BIN, tempDir } from '../helpers/emulator.js';

const messageOf = (text: string): string => {
  try {
    parseExport(text);
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('parsed');
};

describe('a file that is not JSON', () => {
  it('is said on one line, its spaces and newlines as one space', () => {
    expect(messageOf('x\n')).toBe(`not JSON (Unexpected token 'x', "x " is not valid JSON)`);
    for (const text of ['x\n', '{\n\t"a":\r\n\n  nope\n}\n', '\n\n', '{"a": 1,\n}']) {
      const message = messageOf(text);
      expect(message, JSON.stringify(text)).toMatch(/^not JSON \(\S.*\S\)$/);
      expect(message).not.toMatch(/[\n\r\t]| {2}/);
    }
  });

  it.skipIf(!existsSync(BIN))('the built command says it on one line', () => {
    const file = join(tempDir(), 'notes.txt');
    writeFileSync(file, 'x\n');
    const r = spawnSync(process.execPath, [BIN, 'lint', file], {
      encoding: 'utf8',
      timeout: 10_000,
      env: { ...process.env, CDN_TUI_DEBUG: '' },
    });
    expect({ status: r.status, stdout: r.stdout, stderr: r.stderr }).toEqual({
      status: 4,
      stdout: '',
      stderr: `cdn-tui lint: ${file}: not JSON (Unexpected token 'x', "x " is not valid JSON).\n`,
    });
  });
});
