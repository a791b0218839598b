// Steps of the editor flows (editors-*.test.ts): tabs, list rows by id, form fields by label.
import type { App } from './harness.js';
import { openConfiguration } from './flows-helpers.js';

const TAB_KEYS = { settings: '1', rules: '2', cache_settings: '3', error_responses: '4', origins: '5' } as const;
const TAB_READY = {
  settings: /name /,
  rules: /behavior/,
  cache_settings: /query string/,
  error_responses: /501 Not Implemented/,
  origins: /Host header/,
} as const;

/** Opens configuration `conf` from the browser and goes to a tab. */
export async function openTab(app: App, conf: number, tab: keyof typeof TAB_KEYS): Promise<void> {
  await openConfiguration(app, conf);
  await app.press(TAB_KEYS[tab]);
  await app.waitForText(TAB_READY[tab]);
  await app.waitForNoText(/loading [a-z ]+…/); // the table's header shows before its rows arrive
}

/** Focused rows below the tab bar (row 2), as text without the marks. */
export function focused(app: App): string[] {
  return app
    .inverseRows()
    .filter((r) => r > 2)
    .map((r) =>
      app
        .inverseText(r)
        .replace(/^[*●!]?\s*/, '')
        .trim(),
    );
}

async function moveUntil(app: App, what: string, at: () => boolean, order: () => number): Promise<void> {
  for (let i = 0; i < 60; i++) {
    if (at()) return;
    const before = focused(app).join('|');
    await app.press(order() > 0 ? 'up' : 'down');
    await app.waitUntil(() => focused(app).join('|') !== before, `${what}: the focus bar to move`);
  }
  throw new Error(`${what} never got the focus bar:\n${app.screen()}`);
}

/** In a list: moves the focus bar onto the row of record `id` (lists are sorted by id). */
export async function focusRow(app: App, id: number): Promise<void> {
  const current = () => Number(/^(\d+) /.exec(focused(app)[0] ?? '')?.[1] ?? 0);
  await moveUntil(
    app,
    `row ${id}`,
    () => current() === id,
    () => current() - id,
  );
}

/** In a form: moves the focus bar onto the field with this label (`order` lists the labels top to bottom). */
export async function focusLabel(app: App, label: string, order: readonly string[]): Promise<void> {
  const index = () => order.findIndex((l) => focused(app).some((t) => t.startsWith(`${l} `) || t === l));
  const target = order.indexOf(label);
  if (target < 0) throw new Error(`unknown label ${label}`);
  await moveUntil(
    app,
    `field ${label}`,
    () => index() === target,
    () => index() - target,
  );
}

/** The screen line of a form field (with its `*` mark and error). */
export function fieldLine(app: App, label: string): string {
  const line = app
    .screen()
    .split('\n')
    .find((l) => l.startsWith(`* ${label} `) || l.startsWith(`  ${label} `) || l.startsWith(`* ${label}`) || l.startsWith(`  ${label}`));
  if (line === undefined) throw new Error(`no field ${label}:\n${app.screen()}`);
  return line;
}

export const RULE_FIELDS = [
  'id',
  'path',
  'regex',
  'protocol policy',
  'behavior',
  'origin',
  'gzip',
  'redirect to',
  'forward cookies',
  'WAF rule set',
  'edge firewall',
  'cache setting',
];
export const NEW_CACHE_SETTING_FIELDS = [
  'name',
  'browser cache',
  'CDN cache',
  'vary by query',
  'vary by cookies',
  'browser TTL',
  'CDN TTL',
  'query fields',
  'sort query',
  'cookies',
];
export const ERROR_CODES = [
  '400 Bad Request',
  '403 Forbidden',
  '404 Not Found',
  '405 Method Not Allowed',
  '414 URI Too Long',
  '416 Range Not Satisfiable',
  '501 Not Implemented',
];

/** In an open choice list: down to the choice whose label starts with `label`, then Enter. */
export async function choose(app: App, label: string): Promise<void> {
  for (let i = 0; i < 12 && !app.inverseRows().some((r) => app.inverseText(r).trim().startsWith(label)); i++) await app.press('down');
  await app.press('enter');
}
