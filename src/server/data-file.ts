// Durable state for `--data FILE`: an append-only log of changes, one line per write, with group commit.
// A write is acknowledged only after its line is on disk (fdatasync). The file is compacted into a
// snapshot (atomic rename) now and then, never rewritten per write.
import {
  closeSync,
  existsSync,
  fdatasync,
  fsyncSync,
  openSync,
  readFileSync,
  renameSync,
  write,
  writeSync,
  ftruncateSync,
  constants,
  fstatSync,
} from 'node:fs';
import { promisify } from 'node:util';
import { crc32 } from 'node:zlib';
import { dirname } from 'node:path';
import { errorMessage } from '../util/errors.js';
import { checkChange } from './change-check.js';
import { ChangeError, type Change, type EmulatorState } from './state.js';

const HEADER = '{"cdn_tui_emulator":1}';
/** Lines appended before the file is compacted (at least; more with a large snapshot). Tests lower it. */
const COMPACT_AFTER = Number(process.env.CDN_TUI_COMPACT_AFTER) || 10_000;
const writeAsync = promisify(write);
const fdatasyncAsync = promisify(fdatasync);

export class DataFileError extends Error {}

export interface LoadReport {
  /** Bytes of an unfinished last write (cut off by a crash, never acknowledged) that were dropped. */
  readonly droppedBytes: number;
  readonly created: boolean;
}

/** Reads FILE into the state. A damaged file throws DataFileError and is left untouched. */
export function loadDataFile(file: string, state: EmulatorState): LoadReport {
  if (!existsSync(file)) {
    if (!existsSync(dirname(file))) throw new DataFileError(`the folder of ${file} does not exist`);
    return { droppedBytes: 0, created: true };
  }
  const text = readFileSync(file, 'utf8');
  if (text === '') return { droppedBytes: 0, created: true };
  const end = text.lastIndexOf('\n') + 1;
  const lines = text.slice(0, end).split('\n');
  lines.pop();
  if (lines[0] !== HEADER) {
    throw new DataFileError(`${file} is not a cdn-tui emulator data file (its first line is not ${HEADER})`);
  }
  for (let i = 1; i < lines.length; i++) {
    try {
      const changes: unknown = JSON.parse(checked(lines[i]!));
      if (!Array.isArray(changes)) throw new ChangeError('not a list of changes');
      for (const c of changes) state.apply(checkChange(c));
    } catch (e) {
      throw new DataFileError(`${file} is damaged at line ${i + 1}: ${errorMessage(e)}`);
    }
  }
  return { droppedBytes: Buffer.byteLength(text) - Buffer.byteLength(text.slice(0, end)), created: false };
}

/** A line is `<crc32 of the JSON, 8 hex> <JSON>`: damage inside a string value is caught too. */
function line(changes: unknown): string {
  const json = JSON.stringify(changes);
  return `${crc32(json).toString(16).padStart(8, '0')} ${json}\n`;
}

function checked(text: string): string {
  const json = text.slice(9);
  if (text[8] !== ' ' || crc32(json).toString(16).padStart(8, '0') !== text.slice(0, 8)) throw new ChangeError('checksum mismatch');
  return json;
}

interface Pending {
  readonly line: string;
  readonly done: () => void;
  readonly fail: (e: unknown) => void;
}

export class DataFile {
  private fd: number;
  private pending: Pending[] = [];
  private flushing: Promise<void> | undefined;
  private linesSinceSnapshot = 0;
  private snapshotLines = 0;

  /** Opens FILE for appending (after loadDataFile). A new file, or `compact`, writes a snapshot first. */
  constructor(
    private readonly file: string,
    private readonly state: EmulatorState,
    report: LoadReport,
  ) {
    if (report.created) this.writeSnapshot();
    this.fd = openSync(file, constants.O_WRONLY | constants.O_APPEND);
    if (report.droppedBytes > 0) {
      // cut the torn tail so the next line starts clean
      ftruncateSync(this.fd, fstatSync(this.fd).size - report.droppedBytes);
      fsyncSync(this.fd);
    }
  }

  /** Resolves when the changes are on disk. Call right after applying them to the state. */
  append(changes: readonly Change[]): Promise<void> {
    return new Promise((done, fail) => {
      this.pending.push({ line: line(changes), done, fail });
      this.flushing ??= this.flushLoop().finally(() => (this.flushing = undefined));
    });
  }

  /** Rewrites the file as one snapshot of the state (atomic). Only when nothing is pending. */
  compact(): void {
    if (this.pending.length || this.flushing) return;
    closeSync(this.fd);
    this.writeSnapshot();
    this.fd = openSync(this.file, constants.O_WRONLY | constants.O_APPEND);
  }

  async close(): Promise<void> {
    while (this.flushing) await this.flushing;
    closeSync(this.fd);
  }

  private async flushLoop(): Promise<void> {
    while (this.pending.length) {
      const batch = this.pending;
      this.pending = [];
      try {
        let buf = Buffer.from(batch.map((p) => p.line).join(''));
        while (buf.length) {
          const { bytesWritten } = await writeAsync(this.fd, buf);
          buf = buf.subarray(bytesWritten);
        }
        await fdatasyncAsync(this.fd);
      } catch (e) {
        for (const p of batch) p.fail(e);
        continue;
      }
      for (const p of batch) p.done();
      this.linesSinceSnapshot += batch.length;
      // Compaction is synchronous and only when nothing is pending: the state then equals the file.
      if (!this.pending.length && this.linesSinceSnapshot > Math.max(COMPACT_AFTER, this.snapshotLines * 2)) {
        closeSync(this.fd);
        this.writeSnapshot();
        this.fd = openSync(this.file, constants.O_WRONLY | constants.O_APPEND);
      }
    }
  }

  private writeSnapshot(): void {
    const tmp = `${this.file}.tmp-${process.pid}`;
    const fd = openSync(tmp, 'w', 0o600);
    let lines = 0;
    try {
      const chunks: string[] = [HEADER + '\n'];
      let size = 0;
      const flush = () => {
        writeSync(fd, chunks.join(''));
        chunks.length = 0;
        size = 0;
      };
      for (const changes of this.state.snapshot()) {
        const text = line(changes);
        chunks.push(text);
        size += text.length;
        lines++;
        if (size > 1 << 20) flush();
      }
      flush();
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, this.file);
    const dir = openSync(dirname(this.file), 'r');
    try {
      fsyncSync(dir);
    } finally {
      closeSync(dir);
    }
    this.snapshotLines = lines;
    this.linesSinceSnapshot = 0;
  }
}
