// What a list does with its keys, measured the same way on any list of the TUI (the browser's
// configurations, the results screen's matches): cursor moves, marks and the `/` filter, each key's
// time from its write to the end of its frame (the screen shows what the key did, then nothing is
// written for a while: the time is that of the last byte), and the bytes it wrote. `app` is what
// `startBench` (bench/pty-app.mjs) gives; `rows` the terminal's rows.
import { readFileSync } from 'node:fs';
import { cursorRow } from './pty-app.mjs';

/** The app's CPU time so far (user + system, ms; /proc counts in 10 ms ticks): a measure a busy machine does not skew. */
export const cpuMs = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

/** The text of the first row of the table's window (the screen's fourth line, under the header). */
const topRow = (term) => term.buffer.active.getLine(3)?.translateToString(true);

/** The status line's `N marked` (0 when it says none). */
const markedCount = (screen) => Number(/(\d+) marked\b/.exec(screen)?.[1] ?? 0);

/** `g`: the cursor on the list's first row, and the app quiet. */
async function toTop(app, rows) {
  app.write('g');
  await app.until(() => cursorRow(app.term, rows) === topRow(app.term));
  await app.quiet(100);
}

/**
 * `keys` cursor moves from the list's top: `j`, every 50th a PgDn. Each key's time to the end of
 * its frame (the cursor bar moved, then 30 ms without output) and its bytes, by what it did: moved
 * the bar inside the window, scrolled the list by a row, or by a page. Also the app's CPU a key.
 */
export async function moveKeys(app, rows, keys) {
  const { term, until, write, bytes, quiet } = app;
  await toTop(app, rows);
  const times = [];
  const moved = { inside: [], scrolling: [], pages: [] };
  const cpu0 = cpuMs(app.pid);
  for (let i = 0; i < keys; i++) {
    const page = i % 50 === 49;
    const before = cursorRow(term, rows);
    const top = topRow(term);
    const b0 = bytes();
    const start = performance.now();
    write(page ? '\u001b[6~' : 'j');
    await until(() => cursorRow(term, rows) !== before);
    await quiet(30);
    times.push(app.lastOutputAt() - start);
    moved[page ? 'pages' : topRow(term) === top ? 'inside' : 'scrolling'].push(bytes() - b0);
  }
  return { times, ...moved, cpu: (cpuMs(app.pid) - cpu0) / keys };
}

/**
 * From the list's top, `Space` `spaces` times (each marks the row under the cursor and moves down),
 * then `a` four times (every row of the `total` marked, none, every one, none): each key's time to
 * the end of the frame whose status line says its count.
 */
export async function markKeys(app, rows, spaces, total) {
  const { screen, until, write, quiet } = app;
  await toTop(app, rows);
  const timed = async (key, count) => {
    const start = performance.now();
    write(key);
    await until(() => markedCount(screen()) === count);
    await quiet(30);
    return app.lastOutputAt() - start;
  };
  const space = [];
  for (let i = 1; i <= spaces; i++) space.push(await timed(' ', i));
  const all = [];
  for (const count of [total, 0, total, 0]) all.push(await timed('a', count));
  return { space, all };
}

/**
 * `/`, then each of `texts` typed one key at a time: each key narrows the rows. The time of a key
 * runs to the last byte its frame writes (then nothing more for 150 ms). `Esc` after each text, the
 * list back as it was (`unfiltered`: its status line).
 */
export async function filterKeys(app, texts, unfiltered) {
  const { screen, until, write, quiet } = app;
  const times = [];
  let cpu = 0;
  for (const typed of texts) {
    write('/');
    await until(() => /^\/\s*$/m.test(screen()));
    await quiet(100);
    for (let i = 1; i <= typed.length; i++) {
      const start = performance.now();
      const cpu0 = cpuMs(app.pid);
      write(typed[i - 1]);
      const text = typed.slice(0, i);
      await until(() =>
        screen()
          .split('\n')
          .some((l) => l.startsWith(`/${text}`)),
      );
      await quiet(150);
      times.push(app.lastOutputAt() - start);
      cpu += cpuMs(app.pid) - cpu0;
    }
    write('\u001b'); // Esc: the filter goes
    await until(() => unfiltered.test(screen()));
    await quiet(100);
  }
  return { times, cpu: cpu / times.length };
}
