// Failures print one sentence with the command's prefix, mask registered secrets, and show a stack
// only with CDN_TUI_DEBUG=1.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CliError, UsageError, addSecret, reportError } from '../../src/cli/errors.js';

function capture(fn: () => number): { code: number; text: string } {
  let text = '';
  const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    text += String(chunk);
    return true;
  });
  try {
    return { code: fn(), text };
  } finally {
    spy.mockRestore();
  }
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('reportError', () => {
  it('a CliError: its sentence and exit code, a full stop added', () => {
    expect(capture(() => reportError(new UsageError('--demo takes no value')))).toEqual({
      code: 2,
      text: 'cdn-tui: --demo takes no value.\n',
    });
    expect(capture(() => reportError(new CliError('cancelled', 130), 'cdn-tui login'))).toEqual({
      code: 130,
      text: 'cdn-tui login: cancelled.\n',
    });
  });

  it('an unexpected error: one line, exit 1, no stack unless CDN_TUI_DEBUG=1', () => {
    vi.stubEnv('CDN_TUI_DEBUG', '');
    const quiet = capture(() => reportError(new TypeError('x is not a function\nmore lines')));
    expect(quiet.code).toBe(1);
    expect(quiet.text).toBe('cdn-tui: unexpected error: x is not a function (set CDN_TUI_DEBUG=1 for details).\n');
    vi.stubEnv('CDN_TUI_DEBUG', '1');
    const loud = capture(() => reportError(new TypeError('x is not a function')));
    expect(loud.text).toMatch(/^cdn-tui: unexpected error: x is not a function\.\nTypeError: x is not a function\n\s+at /);
  });

  it('never prints a registered secret', () => {
    addSecret('tok-abcdef-123');
    const r = capture(() => reportError(new Error('bad header "Token tok-abcdef-123"')));
    expect(r.text).not.toContain('tok-abcdef-123');
    expect(r.text).toContain('[redacted]');
  });
});
