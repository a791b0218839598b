// Two emulators as two profiles (docs/ux.md §8): "staging" and "prod", each `cdn-tui serve --seed demo`
// with its own request log, named in a 0600 config file in a temp XDG_CONFIG_HOME; the app started
// on one of them. Everything is closed and removed by `close()`, whatever happened.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readLog, spawnEmulator, tempDir, type ChildEmulator, type LogLine } from '../helpers/emulator.js';
import { startApp, type App } from './harness.js';

export interface TwoProfiles {
  readonly staging: ChildEmulator;
  readonly prod: ChildEmulator;
  /** XDG_CONFIG_HOME holding `cdn-tui/config.json`. */
  readonly configDir: string;
  log(which: 'staging' | 'prod'): LogLine[];
  /** Starts the app on a profile (more args after `--profile NAME`). */
  start(profile: 'staging' | 'prod', more?: readonly string[], size?: { cols: number; rows: number }): Promise<App>;
  close(): Promise<void>;
}

/** More `cdn-tui serve` arguments per emulator (a rate limit on prod). */
export interface EmulatorArgs {
  readonly staging?: readonly string[];
  readonly prod?: readonly string[];
}

export async function twoProfiles(args: EmulatorArgs = {}): Promise<TwoProfiles> {
  const root = tempDir('cdn-tui-profiles-');
  const logs = { staging: join(root, 'staging.log'), prod: join(root, 'prod.log') };
  const emulators: ChildEmulator[] = [];
  const apps: App[] = [];
  const close = async () => {
    for (const app of apps) await app.close();
    for (const emu of emulators) await emu.close();
    rmSync(root, { recursive: true, force: true });
  };
  try {
    const staging = await spawnEmulator(['--seed', 'demo', '--log', logs.staging, ...(args.staging ?? [])]);
    emulators.push(staging);
    const prod = await spawnEmulator(['--seed', 'demo', '--log', logs.prod, ...(args.prod ?? [])]);
    emulators.push(prod);
    const configDir = join(root, 'config');
    mkdirSync(join(configDir, 'cdn-tui'), { recursive: true, mode: 0o700 });
    const config = {
      profiles: { staging: { base_url: staging.url, token: staging.token }, prod: { base_url: prod.url, token: prod.token } },
      default: 'staging',
    };
    writeFileSync(join(configDir, 'cdn-tui', 'config.json'), JSON.stringify(config), { mode: 0o600 });
    return {
      staging,
      prod,
      configDir,
      log: (which) => readLog(logs[which]),
      start: async (profile, more = [], size) => {
        const app = await startApp({ args: ['--profile', profile, ...more], configDir, emulator: false, ...(size ?? {}) });
        apps.push(app);
        return app;
      },
      close,
    };
  } catch (e) {
    await close();
    throw e;
  }
}
