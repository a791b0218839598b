// Each running cdn-tui has a journal of its own per API, so two sessions on one profile (two SSH
// logins, two tmux panes) never write, take or delete each other's drafts. In the state folder:
//   drafts-<hash>.<session>.lock          the session's owner (owner.ts: pid, host, start time),
//                                         there while it runs; made before anything else is written
//   drafts-<hash>.<session>.json          its journal (no drafts: no file)
//   drafts-<hash>.<session>.taken-<n>.json a journal it took over, until its own journal holds those drafts
//   drafts-<hash>.json                    an earlier version's journal, or drafts copied back by hand
// `<session>` is `<pid>-<random>`: unique even when a pid comes round again. At start a session
// takes over every journal whose owner is gone (no lock: it quit with drafts kept; a lock whose
// process no longer runs: it was killed), which the restore offer then shows. Taking over is a
// rename into the taker's own names: of two sessions starting at the same moment, one rename
// succeeds and the other finds the file gone, so no journal is taken twice. A live owner's files
// are never touched. The lock goes at exit, after the last write.
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { uptime } from 'node:os';
import { join } from 'node:path';
import { codeOf } from '../util/errors.js';
import { diskReason } from './disk-words.js';
import { atomicFile } from './atomic-file.js';
import { apiHash, fileTime, journalFile, journalText, readJournal, type DraftJournal } from './journal.js';
import type { RecordKey } from './keys.js';
import { ownerAlive, ownerOf, pidExists, thisProcess } from './owner.js';
import type { Draft } from './types.js';

export interface SessionJournal extends DraftJournal {
  /** How many other cdn-tui have this API's drafts open now (cheap: for a check every few seconds). */
  othersOpen(): number;
  /** Gives the journal up (at exit, after the last write): drafts left in it are offered to the next start. */
  release(): void;
}

type Drafts = Record<RecordKey, Draft>;

/** A session's files in the folder (`sid` undefined: the one journal of an earlier version). */
interface Session {
  readonly sid: string | undefined;
  readonly journals: string[];
  readonly temps: string[];
  lock?: string;
}

/** A temporary file left by a process killed mid-write (not one of a live session) goes after this long. */
const LEFT_TEMP_MS = 3600_000;

function removeQuietly(path: string): void {
  try {
    rmSync(path, { force: true });
  } catch {
    // best effort: what could not be removed is tried again at the next start
  }
}

/** Whether a temporary file was left long enough ago to be a killed process's (false when it is gone). */
function leftLongAgo(path: string): boolean {
  try {
    return Date.now() - statSync(path).mtimeMs > LEFT_TEMP_MS;
  } catch {
    return false;
  }
}

/** The files of every session of the API `hash` in `dir`, by session. */
function sessionsIn(dir: string, hash: string): Map<string, Session> {
  const name = new RegExp(`^drafts-${hash}(?:\\.(\\d+-[0-9a-f]+))?(\\.taken-\\d+)?\\.(json|lock)(\\.tmp-.*)?$`);
  const found = new Map<string, Session>();
  for (const file of readdirSync(dir)) {
    const m = name.exec(file);
    if (!m) continue;
    const sid = m[1];
    const session = found.get(sid ?? '') ?? { sid, journals: [], temps: [] };
    found.set(sid ?? '', session);
    const path = join(dir, file);
    if (m[4]) session.temps.push(path);
    else if (m[3] === 'lock') session.lock = path;
    else session.journals.push(path);
  }
  return found;
}

/** The sessions of `hash` in `dir`; none when the folder cannot be read. */
function listed(dir: string, hash: string): Session[] {
  try {
    return [...sessionsIn(dir, hash).values()];
  } catch {
    return [];
  }
}

/** Whether the session holding `lock` still runs (a lock just removed: it quit, after its last write). */
function running(session: Session, thorough: boolean): boolean {
  if (!session.lock || !session.sid) return false;
  try {
    const owner = ownerOf(JSON.parse(readFileSync(session.lock, 'utf8')));
    if (owner) return ownerAlive(owner, thorough);
  } catch (e) {
    if (codeOf(e) === 'ENOENT') return false;
  }
  // A lock that cannot be read: written whole but not synced, so the machine stopped after it was
  // made (older than this boot: gone), or it was damaged (its pid is in its name).
  try {
    if (statSync(session.lock).mtimeMs < Date.now() - uptime() * 1000) return false;
  } catch {
    return false; // gone meanwhile: it quit
  }
  return pidExists(Number(session.sid.split('-')[0]));
}

/** `more` into `into`; a record with a different draft in both keeps the newer, the other goes to `older`. */
function merge(into: Drafts, more: Drafts, older: Drafts): void {
  for (const [key, draft] of Object.entries(more)) {
    const have = into[key];
    if (!have) into[key] = draft;
    else if (JSON.stringify(have) !== JSON.stringify(draft)) {
      const [newer, old] = draft.updatedAt > have.updatedAt ? [draft, have] : [have, draft];
      into[key] = newer;
      older[key] = old;
    }
  }
}

/** The journal of this process for the API `journalId`, in `dir`, with the drafts of ended sessions taken over. */
export function openSessionJournal(dir: string, journalId: string): SessionJournal {
  const hash = apiHash(journalId);
  // The random part tells this process's files from those of an earlier one that had its pid.
  const sid = `${process.pid}-${Math.floor(Math.random() * 0x1000000)
    .toString(16)
    .padStart(6, '0')}`;
  const own = atomicFile(join(dir, `drafts-${hash}.${sid}.json`));
  const text = (drafts: Readonly<Drafts>) => journalText(drafts, journalId);
  // Whole or not at all, but not synced: after a crash of the machine this process is gone anyway.
  const lockFile = atomicFile(join(dir, `drafts-${hash}.${sid}.lock`), { sync: false });
  let locked = false;
  /** Held before this session writes anything: from then on no other session takes its files. */
  const lock = () => {
    if (locked) return;
    lockFile.save(JSON.stringify(thisProcess()));
    locked = true;
  };
  // Journals taken over, in this session's names: removed once its own journal holds their drafts.
  let taken: string[] = [];
  const written = () => {
    for (const file of taken) removeQuietly(file);
    taken = [];
  };

  /** Takes over the journals of sessions that are gone: their drafts, and notices for what was set aside. */
  const takeOver = (): { drafts: Drafts; notices: string[] } => {
    const drafts: Drafts = {};
    const older: Drafts = {};
    const notices: string[] = [];
    for (const session of listed(dir, hash)) {
      if (session.sid === sid || running(session, true)) continue;
      for (const file of session.journals) {
        const to = join(dir, `drafts-${hash}.${sid}.taken-${taken.length + 1}.json`);
        try {
          renameSync(file, to);
        } catch {
          continue; // another session starting now took it first (or it cannot be moved: left for later)
        }
        let read: ReturnType<typeof readJournal>;
        try {
          read = readJournal(to);
        } catch {
          continue; // cannot be read now: it stays, under this session's name, for the next start
        }
        taken.push(to);
        if (read.notice) notices.push(read.notice);
        merge(drafts, read.drafts, older);
      }
      if (session.lock) removeQuietly(session.lock);
      // An earlier version's temporary files may be a running one's: only old ones go.
      for (const temp of session.temps) if (session.sid || leftLongAgo(temp)) removeQuietly(temp);
    }
    if (Object.keys(older).length) {
      const aside = join(dir, `drafts-${hash}.set-aside-${fileTime()}.json`);
      try {
        atomicFile(aside).save(text(older));
        notices.push(`Ended sessions had other drafts of the same records: the newer are offered, the older were kept as ${aside}.`);
      } catch (e) {
        notices.push(
          `Ended sessions had other drafts of the same records: the newer are offered; the older stay in ${taken.join(', ')} (${diskReason(e)}).`,
        );
        taken = []; // kept, not removed once this session's journal is written
      }
    }
    return { drafts, notices };
  };

  let start: { drafts: Drafts; notice?: string; problem?: unknown } = { drafts: {} };
  try {
    lock();
  } catch (e) {
    // The folder cannot be written: said at once. Nothing is taken over without a lock (another
    // session could not tell that this one runs), so ended sessions' drafts wait for the next start.
    start = { drafts: {}, problem: e };
  }
  if (locked) {
    const { drafts, notices } = takeOver();
    start = { drafts, ...(notices.length ? { notice: notices.join(' ') } : {}) };
    try {
      if (taken.length) save(drafts);
    } catch (e) {
      start = { ...start, problem: e }; // the drafts taken over stay in their files too, until a write gets through
    }
  }

  function save(drafts: Readonly<Drafts>): void {
    lock();
    own.save(text(drafts));
    written();
  }

  return {
    load: () => start,
    save,
    async saveInBackground(drafts) {
      lock();
      await own.saveInBackground(text(drafts));
      written();
    },
    folder: dir,
    restoreFile: journalFile(dir, journalId),
    writeCopy(path, drafts) {
      if (existsSync(path)) throw new Error(`${path} is there already: choose another name`);
      atomicFile(path).save(text(drafts));
    },
    othersOpen: () => listed(dir, hash).filter((s) => s.sid !== sid && running(s, false)).length,
    release() {
      if (!locked) return;
      locked = false;
      try {
        lockFile.save(undefined);
      } catch {
        // exiting: a lock left behind is seen to be stale (its process is gone) at the next start
      }
    },
  };
}
