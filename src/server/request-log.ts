// `--log FILE|-`: one JSON line per request (docs/api.md §5). Never a header, so never a token or password.
import { closeSync, openSync, writeSync } from 'node:fs';
import { pathReason } from '../store/disk-words.js';

export interface LogEntry {
  readonly method: string;
  readonly path: string;
  /** 499: the client closed the connection before it was answered. */
  readonly status: number;
  /** With 499 after the request was handled: the status its answer would have had (a write may be applied). */
  readonly unsent_status?: number;
  readonly ms: number;
  readonly body?: unknown;
  readonly body_text?: string;
  /** The connection was dropped instead of answering (--reset-rate). */
  readonly reset?: boolean;
}

/** A --log FILE that cannot be opened, in words (`cannot open the log /x/requests.log: no such folder`): the emulator does not start. */
export class LogFileError extends Error {
  override name = 'LogFileError';
}

export class RequestLog {
  private readonly fd: number;

  constructor(private readonly target: string) {
    try {
      this.fd = target === '-' ? 1 : openSync(target, 'a', 0o600);
    } catch (e) {
      throw new LogFileError(`cannot open the log ${target}: ${pathReason(e, target, 'write')}`, { cause: e });
    }
  }

  write(entry: LogEntry): void {
    const time = new Date().toISOString();
    let line: string;
    try {
      line = JSON.stringify({ time, ...entry });
    } catch {
      // A body nested thousands deep overflows JSON.stringify's stack; the line (and the answer sent
      // after it) must not be lost to it: log the request without that body.
      line = JSON.stringify({ time, ...entry, body: undefined, body_text: '(not logged: the JSON body is nested too deeply)' });
    }
    writeSync(this.fd, line + '\n');
  }

  close(): void {
    if (this.target !== '-') closeSync(this.fd);
  }
}
