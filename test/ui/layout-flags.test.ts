// The V8 flags yoga's WebAssembly is compiled under (src/ui/layout-flags.ts) must be flags this
// Node's V8 knows (V8 renames and drops flags between versions; an unknown one set at run time is a
// warning on the terminal and no change), and what they are set back to must be V8's defaults:
// code caches are checked against the flags, and ours are made after they are set back.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { LAYOUT_V8_FLAGS } from '../../src/ui/layout-flags.js';

describe('layout flags', () => {
  const options = execFileSync(process.execPath, ['--v8-options'], { encoding: 'utf8' });
  /** Each flag's default as --v8-options prints it (`--wasm-tier-up`, `--no-…`), by name. */
  const defaults = new Map(
    [...options.matchAll(/^\s+--([a-z0-9-]+) \([^\n]*\n\s+type: bool\s+default: (--\S+)/gm)].map((m) => [m[1], m[2]]),
  );

  it("are flags this Node's V8 knows, and are set back to its defaults", () => {
    expect(defaults.size).toBeGreaterThan(100);
    expect(LAYOUT_V8_FLAGS.length).toBeGreaterThan(0);
    for (const [set, reset] of LAYOUT_V8_FLAGS) {
      const name = set.replace(/^--(no-)?/, '');
      expect(defaults.get(name), set).toBe(reset);
      expect(set).not.toBe(reset);
    }
  });
});
