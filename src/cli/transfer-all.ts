// `cdn-tui export --all --out DIR`: every configuration, one byte-stable file each
// (`<id>-<name-slug>.json`), read one configuration after the other through the client's rate-limit
// budget, progress on stderr; an export of this kind in DIR whose configuration is gone (or was
// renamed) is removed, so the folder mirrors the account (for git). `cdn-tui apply DIR` plans every
// export in DIR into one review; a configuration without a file is left alone (never deleted).
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ApiClient, explain } from '../api/index.js';
import { pathReason } from '../store/disk-words.js';
import type { AppStore, RecordKey } from '../store/index.js';
import { exportConfiguration } from '../transfer/export.js';
import { exportText, parseExport, FORMAT, type ExportFile } from '../transfer/format.js';
import { ownersIn, planFromFile } from '../transfer/plan.js';
import { isPlainObject } from '../schema/index.js';
import { errorMessage } from '../util/errors.js';
import { makeFolder } from '../util/make-folder.js';
import { CliError, EXIT } from './errors.js';
import { sayEachWait } from './paced-progress.js';
import { fileRefused, type Io, type Planned } from './transfer-review.js';

/** `shop (eu) v2` → `shop-eu-v2`: lower case letters and digits, dashes between, at most 60. */
export function slug(name: unknown): string {
  const s = String(name ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 60)
    .replace(/^-+|-+$/g, '');
  return s || 'configuration';
}

/** A file name export --all writes: `<id>-<slug>.json`. */
const EXPORTED = /^([0-9]+)-[a-z0-9-]*\.json$/;

export async function exportAll(api: ApiClient, dir: string, io: Pick<Io, 'err'>): Promise<number> {
  let configurations;
  try {
    configurations = [...(await api.list({ kind: 'configuration' })).items].sort((a, b) => Number(a.id) - Number(b.id));
  } catch (e) {
    throw new CliError(`cannot list the configurations: ${explain(e)}`);
  }
  try {
    makeFolder(dir);
  } catch (e) {
    throw new CliError(`cannot make the folder ${dir}: ${pathReason(e, dir, 'write')}`);
  }
  const total = configurations.length;
  let done = 0;
  // Each new wait for the rate limit is said once: how far, the limit, the next read, the time left.
  const stopSaying = sayEachWait(api.budget, io.err, 'exported', () => ({ done, total }));
  const written = new Set<string>();
  try {
    for (const c of configurations) {
      const id = Number(c.id);
      let text: string;
      try {
        text = exportText(await exportConfiguration(api, id));
      } catch (e) {
        throw new CliError(`cannot export configuration ${id} (${done} of ${total} written to ${dir}): ${explain(e)}`);
      }
      const name = `${id}-${slug(c.name)}.json`;
      try {
        writeFileSync(join(dir, name), text);
      } catch (e) {
        throw new CliError(`cannot write ${join(dir, name)} (${done} of ${total} written): ${pathReason(e, join(dir, name), 'write')}`);
      }
      written.add(name);
      done++;
    }
  } finally {
    stopSaying();
  }
  const stale = readdirSync(dir).filter((f) => EXPORTED.test(f) && !written.has(f) && isExport(join(dir, f)));
  for (const f of stale) {
    try {
      rmSync(join(dir, f));
    } catch (e) {
      throw new CliError(
        `cannot remove ${join(dir, f)}, the export of a configuration gone or renamed (all ${total} written): ${pathReason(e, join(dir, f), 'write')}`,
      );
    }
  }
  io.err(
    `exported ${total} configuration${total === 1 ? '' : 's'} to ${dir}${stale.length ? `; removed ${stale.length} export${stale.length === 1 ? '' : 's'} of configurations gone or renamed (${stale.join(', ')})` : ''}\n`,
  );
  return EXIT.ok;
}

function isExport(path: string): boolean {
  try {
    const json: unknown = JSON.parse(readFileSync(path, 'utf8'));
    return isPlainObject(json) && json.format === FORMAT;
  } catch {
    return false;
  }
}

/** Every export file in `dir` (`*.json`, in name order) planned into `store`: one review for all. */
export async function planFolder(store: AppStore, dir: string): Promise<Planned> {
  let files: string[];
  try {
    files = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort();
  } catch (e) {
    throw new CliError(`cannot read the folder ${dir}: ${pathReason(e, dir, 'read')}`, EXIT.usage);
  }
  if (!files.length) throw new CliError(`${dir} holds no export (*.json) files`, EXIT.usage);
  const keys: RecordKey[] = [];
  const conflicts: string[] = [];
  const refusals: string[] = [];
  /** The file that has each configuration: one file a configuration. */
  const fileOf = new Map<number, string>();
  const read: Array<readonly [string, ExportFile]> = [];
  for (const f of files) {
    const path = join(dir, f);
    let text;
    try {
      text = readFileSync(path, 'utf8');
    } catch (e) {
      throw new CliError(`cannot read ${path}: ${pathReason(e, path, 'read')}`, EXIT.usage);
    }
    let file;
    try {
      file = parseExport(text);
    } catch (e) {
      throw new CliError(`${path}: ${errorMessage(e)}`, EXIT.usage);
    }
    read.push([f, file]);
  }
  // A record of one file that another file's configuration holds is named as that configuration's.
  const owners = ownersIn(read.map(([, file]) => file));
  for (const [f, file] of read) {
    const path = join(dir, f);
    let plan;
    try {
      plan = await planFromFile(store, file, owners);
    } catch (e) {
      throw new CliError(`${f}: ${explain(e)}`);
    }
    keys.push(...plan.keys);
    conflicts.push(...plan.conflicts.map((c) => `${f}: ${c}`));
    refusals.push(...plan.refusals.map((r) => `${path}: ${r}`));
    const other = fileOf.get(plan.conf);
    if (other !== undefined)
      refusals.push(`${path}: configuration: configuration ${plan.conf} is ${join(dir, other)}'s too: one file a configuration`);
    else fileOf.set(plan.conf, f);
  }
  if (refusals.length) {
    store.getState().discardDrafts(keys);
    throw fileRefused(refusals);
  }
  if (conflicts.length) store.getState().discardDrafts(keys);
  return { keys: conflicts.length ? [] : keys, conflicts };
}
