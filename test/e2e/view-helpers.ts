// Steps shared by the end-to-end tests of the UI state (view-state, drafts, review-scroll,
// text-cells): the row under the focus bar, the journal on disk, "nothing pending" as a user
// checks it, and the emulator's records read as a second client.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { App } from './harness.js';

export const CFG = '/content_delivery/configurations';

/** The id at the start of the focus bar below the tab bar (row 2), marks (`*`, `●`) left out. */
export function focusedId(app: App): number | undefined {
  for (const row of app.inverseRows().filter((r) => r > 2)) {
    const m = /^[*●!]?\s*(\d+) /.exec(app.inverseText(row));
    if (m) return Number(m[1]);
  }
  return undefined;
}

/** The text of the focus bar below the tab bar, marks left out (a form's focused field: "active  yes"). */
export function focusedText(app: App): string {
  const row = app.inverseRows().find((r) => r > 2);
  return row === undefined ? '' : app.inverseText(row).replace(/^[*●!]?\s*/, '');
}

/** Drafts kept in the app's journal (`<stateDir>/cdn-tui/drafts-*.json`); 0 when there is no journal. */
export function journalDrafts(app: App): number {
  const dir = join(app.stateDir, 'cdn-tui');
  if (!existsSync(dir)) return 0;
  let count = 0;
  for (const name of readdirSync(dir).filter((f) => /^drafts-.*\.json$/.test(f))) {
    const text = readFileSync(join(dir, name), 'utf8');
    if (text.trim() === '') continue;
    count += Object.keys((JSON.parse(text) as { drafts?: object }).drafts ?? {}).length;
  }
  return count;
}

/**
 * What a user sees when no draft is pending: no "N pending" on screen, the palette's first entry
 * "pending changes (0)" (the palette is closed again with Esc), and soon no draft in the journal.
 */
export async function expectNothingPending(app: App): Promise<void> {
  expect(app.screen()).not.toMatch(/\d+ pending/);
  await app.press(':');
  await app.waitForText(/pending changes \(\d+\)/);
  expect(app.screen()).toContain('pending changes (0)');
  await app.press('esc');
  await app.waitForNoText('pending changes (');
  await app.waitUntil(() => journalDrafts(app) === 0, 'no draft in the journal'); // written within ~100 ms of the change
}

/** Lists a configuration's records of one kind through the API, as a second client (sorted by id). */
export async function records<T extends { id: number } = { id: number } & Record<string, unknown>>(app: App, path: string): Promise<T[]> {
  const reply = await app.emulator.call('GET', path);
  expect(reply.status).toBe(200);
  return (reply.body as T[]).sort((a, b) => a.id - b.id);
}

/** Creates a record through the API (a second client); returns it as the API answered. */
export async function create(app: App, path: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const reply = await app.emulator.call('POST', path, { body });
  if (reply.status !== 201) throw new Error(`POST ${path}: ${reply.status} ${reply.text}`);
  return reply.body as Record<string, unknown>;
}
