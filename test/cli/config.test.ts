// The profiles file read and written back: what the checks let through is kept as it was.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readConfig, writeConfig } from '../../src/cli/config.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function file(text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'cdn-tui-config-'));
  dirs.push(dir);
  const path = join(dir, 'config.json');
  writeFileSync(path, text, { mode: 0o600 });
  return path;
}

describe('readConfig / writeConfig', () => {
  it('keeps unknown keys of the file and of each profile when writing it back', () => {
    const original = {
      theme: 'dark',
      profiles: { prod: { base_url: 'https://prod.example.test', token: 'prod-token-3333', note: 'on call' }, empty: {} },
      default: 'prod',
    };
    const path = file(JSON.stringify(original));
    const config = readConfig(path);
    expect(config?.profiles.prod?.note).toBe('on call');
    writeConfig(path, config!);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual(original);
  });

  it('keeps a profile whatever its name, "__proto__" included, as a profile', () => {
    const path = file('{"profiles": {"__proto__": {"token": "proto-token-4444"}}}');
    const config = readConfig(path)!;
    expect(Object.hasOwn(config.profiles, '__proto__')).toBe(true);
    expect(Object.keys(config.profiles)).toEqual(['__proto__']);
    writeConfig(path, config);
    expect(readFileSync(path, 'utf8')).toContain('"__proto__": {\n      "token": "proto-token-4444"');
  });

  it('names the first field of a profile that is not a string', () => {
    const path = file(JSON.stringify({ profiles: { prod: { base_url: 7, token: 8 } } }));
    expect(() => readConfig(path)).toThrow(`the config file ${path} is malformed: "base_url" of profile "prod" must be a string`);
    const second = file(JSON.stringify({ profiles: { prod: { base_url: 'https://x.test', token: ['t'] } } }));
    expect(() => readConfig(second)).toThrow('"token" of profile "prod" must be a string');
  });
});
