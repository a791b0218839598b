// The data file is read back through checkChange: every change of a real state round-trips, and a
// line whose records do not fit the schema stops the load (the file is left as it was).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { checkChange } from '../../src/server/change-check.js';
import { DataFileError, loadDataFile } from '../../src/server/data-file.js';
import { seedStore } from '../../src/server/seed/index.js';
import { ChangeError, EmulatorState, subChange } from '../../src/server/state.js';
import { Store } from '../../src/server/store.js';

function demoState(): EmulatorState {
  const state = new EmulatorState();
  seedStore(new Store(state, new Set(['application_acceleration', 'raw_logs']), 'cdn.test', undefined), 'demo');
  return state;
}

/** The snapshot as the data file holds it: JSON. */
const snapshotJson = (state: EmulatorState) => [...state.snapshot(0)].map((line) => JSON.parse(JSON.stringify(line)));

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function dataFile(lines: unknown[][]): string {
  const dir = mkdtempSync(join(tmpdir(), 'cdn-tui-change-check-'));
  dirs.push(dir);
  const file = join(dir, 'data.jsonl');
  const body = lines.map((l) => {
    const json = JSON.stringify(l);
    return `${crc32(json).toString(16).padStart(8, '0')} ${json}\n`;
  });
  writeFileSync(file, `{"cdn_tui_emulator":1}\n${body.join('')}`);
  return file;
}

describe('checkChange', () => {
  it('gives back every change of a seeded state, and the state rebuilt from them is the same', () => {
    const lines = snapshotJson(demoState());
    const rebuilt = new EmulatorState();
    for (const line of lines) for (const c of line) rebuilt.apply(checkChange(c));
    expect(snapshotJson(rebuilt)).toEqual(lines);
    expect(lines.flat().length).toBeGreaterThan(100);
  });

  it('refuses changes that are not what the emulator writes', () => {
    const [[seq], , [conf, err, origin]] = snapshotJson(demoState());
    const bad: Array<[unknown, RegExp]> = [
      [null, /unknown change null/],
      [{ t: 'move' }, /unknown change/],
      [{ ...conf, id: '1' }, /bad id 1 in conf change/],
      [{ ...conf, v: { ...conf.v, cname: 'www.example' } }, /the configuration record does not fit its schema \(cname\)/],
      [{ ...conf, v: { ...conf.v, origin_address: undefined } }, /\(origin_address\)/],
      [{ ...err, v: 'none' }, /the error_responses record is not an object/],
      [{ ...origin, k: 'pipe' }, /bad kind pipe in sub change/],
      [{ ...origin, k: 'rule' }, /the rule record does not fit its schema/],
      [{ ...seq, v: { ...seq.v, rule: 'many' } }, /bad rule id many/],
      [{ t: 'token', h: 'abc', perms: 'view', exp: 0 }, /bad exp in token change/],
      [{ t: 'del', k: 'token', conf: 1, id: 1 }, /bad kind token in del change/],
    ];
    for (const [change, message] of bad) expect(() => checkChange(change), JSON.stringify(change)?.slice(0, 60)).toThrow(message);
    expect(() => checkChange(null)).toThrow(ChangeError);
  });

  it('stops a load at the first line that does not fit, naming it, and leaves the file alone', () => {
    const [seqLine, confLine] = snapshotJson(demoState());
    const [conf, ...rest] = confLine;
    const file = dataFile([seqLine, [{ ...conf, v: { ...conf.v, active: 'yes' } }, ...rest]]);
    const before = readFileSync(file, 'utf8');
    expect(() => loadDataFile(file, new EmulatorState())).toThrow(DataFileError);
    expect(() => loadDataFile(file, new EmulatorState())).toThrow(
      /damaged at line 3: the configuration record does not fit its schema \(active\)/,
    );
    expect(readFileSync(file, 'utf8')).toBe(before);
  });
});

describe('subChange', () => {
  it('stores only a complete record of its kind', () => {
    const [, , [, , origin]] = snapshotJson(demoState());
    expect(subChange('origin', 1, 1, origin.v)).toEqual({ t: 'sub', k: 'origin', conf: 1, id: 1, v: origin.v });
    expect(() => subChange('cache_setting', 1, 1, origin.v)).toThrow(/incomplete cache_setting record/);
  });
});
