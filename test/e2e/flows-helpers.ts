// Shared steps of the end-to-end user flows (flows-*.test.ts): moving to a configuration or a
// form field the way a person does (keys, watching the focus bar), and reading the emulator's log.
import type { LogLine } from '../helpers/emulator.js';
import type { App } from './harness.js';

/**
 * The browser's count line once the list is loaded, e.g. "12 of 12 configurations" (not the
 * "0 of 0 configurations" of the first frames: keys typed that early can be lost, see the report).
 */
export const LIST_LOADED = /[1-9]\d* of \d+ configurations/;

/** Per-test timeout: each flow starts its own emulator and app. */
export const FLOW_TIMEOUT = 30_000;

/** How long to wait for the app's first list (start-up of the emulator and the app on a busy machine). */
export const FIRST_LOAD_MS = 15_000;

/** The text of the rows with inverse cells (the focus bar, and the current tab of the tab bar), top to bottom. */
export function focusedRows(app: App): string[] {
  return app.inverseRows().map((r) => app.inverseText(r));
}

/** The screen's lines, cut to the terminal's width (what a person can see). */
export function visibleLines(app: App): string[] {
  const { cols } = app.size();
  return app
    .screen()
    .split('\n')
    .map((l) => [...l].slice(0, cols).join('').trimEnd());
}

/** The id of the browser row under the focus bar, if any. */
function focusedId(app: App): number | undefined {
  for (const text of focusedRows(app)) {
    const m = /^[*●!]?\s*(\d+) /.exec(text);
    if (m) return Number(m[1]);
  }
  return undefined;
}

/**
 * Moves the focus bar one key at a time, waiting for it to move before the next key (on a busy
 * machine the harness may send a key before the previous one was drawn, and a blind loop would
 * overshoot). `position()` is where the bar is now; `target` where it should go.
 */
async function moveFocus(app: App, what: string, position: () => number | undefined, target: number): Promise<void> {
  for (let i = 0; i < 40; i++) {
    const now = position();
    if (now === target) return;
    await app.press(now !== undefined && now > target ? 'up' : 'down');
    await app.waitUntil(() => position() !== now, `${what}: the focus bar to move on from ${String(now)}`);
  }
  throw new Error(`${what} never got the focus bar:\n${app.screen()}`);
}

/** From the browser: moves the focus bar to configuration `id` (the list is sorted by id) and opens it (Enter). */
export async function openConfiguration(app: App, id: number): Promise<void> {
  await app.waitForText(LIST_LOADED, FIRST_LOAD_MS);
  await moveFocus(app, `configuration ${id}`, () => focusedId(app), id);
  await app.press('enter');
  await app.waitForText(`(${id}) › `); // the breadcrumb (cut short at 80 columns: "› set…")
  await app.waitForText(/^[* ] name /m); // the Settings form is drawn
}

/** The Settings form's line for a field label ("name", "cnames", "raw logs"…), with its `*` mark and any error. */
export function formRow(app: App, label: string): string {
  const row = visibleLines(app).find((l) => l.startsWith(`* ${label} `) || l.startsWith(`  ${label} `));
  if (row === undefined) throw new Error(`no form row "${label}" on screen:\n${app.screen()}`);
  return row;
}

/** The Settings form's fields, top to bottom. */
const SETTINGS_FIELDS = ['id', 'domain', 'name', 'active', 'delivery protocol', 'certificate', 'cname access only', 'raw logs', 'cnames'];

/** Moves the Settings form's focus bar (↑/↓) onto the field with this label. */
export async function focusField(app: App, label: string): Promise<void> {
  const target = SETTINGS_FIELDS.indexOf(label);
  if (target < 0) throw new Error(`unknown Settings field "${label}"`);
  const position = () => {
    const i = SETTINGS_FIELDS.findIndex((f) => focusedRows(app).some((t) => t.replace(/^\*\s*/, '').startsWith(`${f} `)));
    return i < 0 ? undefined : i;
  };
  await moveFocus(app, `field "${label}"`, position, target);
}

/**
 * Edits a text or list field through its inline input: Enter, then Ctrl-u (replace) or End
 * (append), the text typed key by key, Enter; resolves once the row carries the `*` mark.
 */
export async function editField(app: App, label: string, text: string, mode: 'replace' | 'append'): Promise<void> {
  await focusField(app, label);
  await app.press('enter', mode === 'replace' ? 'ctrl-u' : 'end');
  await app.type(text);
  await app.press('enter');
  await app.waitUntil(() => formRow(app, label).startsWith('* '), `the * mark on "${label}"`);
}

/** The emulator's log entries that changed something (anything but GET). */
export function writes(log: readonly LogLine[]): LogLine[] {
  return log.filter((e) => e.method !== 'GET' && e.method !== 'HEAD');
}

/** The review's summary line with this many requests to send ("Review: 2 changes, 1 request"). */
export function reviewOf(requests: number): RegExp {
  return new RegExp(`Review: \\d+ changes?(?: in \\d+ configurations)?, ${requests} requests? `);
}
