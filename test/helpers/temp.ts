// Temp folders for tests. Each one is removed when its test file ends, passed or failed (the
// afterAll of test/setup/remove-temp-dirs.ts), so a test that throws half-way leaves nothing behind.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const made = new Set<string>();

/** A new empty folder in the temp folder, removed at the end of the test file. */
export function tempDir(prefix = 'cdn-tui-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.add(dir);
  return dir;
}

/** Removes every folder tempDir made in this test file (one a test removed already is skipped). */
export function removeTempDirs(): void {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
  made.clear();
}
