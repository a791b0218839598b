// What a bench of whole timed starts sets up (bench/kept.mjs; bench/startup.mjs does the same by
// hand): a temporary folder and the emulators it starts, both gone when the bench exits however it
// ends; a time budget; the environment of a user's shell for the children; medians.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** `name` names the folder and the failure; `emulators` are stopped at exit (push what startEmulator gives). */
export function timedRun(name, budgetMs = 600_000) {
  const temp = mkdtempSync(join(tmpdir(), `cdn-tui-${name}-`));
  const emulators = [];
  process.on('exit', () => {
    for (const e of emulators) e.stop();
    rmSync(temp, { recursive: true, force: true });
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(1));
  setTimeout(() => {
    console.error(`bench/${name}: took too long, stopping`);
    process.exit(1);
  }, budgetMs).unref();
  // The children run as a user's shell would start them: no compile cache or flags from npm.
  const env = { ...process.env };
  delete env.NODE_COMPILE_CACHE;
  delete env.NODE_OPTIONS;
  return { temp, emulators, env };
}

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
