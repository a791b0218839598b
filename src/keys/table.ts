// The key table (docs/ux.md §3) as data: command → keys, what it does, and where it works. The
// key router matches keys against it; the footer, `?` help and the README's key table are all
// generated from it (scripts/key-table.mjs), so none of them drifts from what the keys do.

interface CommandSpec {
  /** Key names as src/keys/names.ts makes them: 'up', 'pgdn', 'ctrl-s', 'G', ':'. */
  readonly keys: readonly string[];
  /** The footer's and help's words. */
  readonly help: string;
  /** README: where the key works, and one row's words when several commands share a row. */
  readonly where: string;
  /** README: commands with the same row id are one row of the table (their keys joined). */
  readonly row?: string;
  readonly does?: string;
  /** The footer's words with rows marked, `{n}` their number: Enter reads `edit 5 marked`, so marks out of view are never forgotten. */
  readonly marked?: string;
}

export const COMMANDS = {
  up: { keys: ['up', 'k'], help: 'up', where: 'lists, forms, grid', row: 'move', does: 'move' },
  down: { keys: ['down', 'j'], help: 'down', where: 'lists, forms, grid', row: 'move' },
  left: { keys: ['left', 'h'], help: 'previous value', where: 'grid; enum field', row: 'across', does: 'move across; cycle the value' },
  right: { keys: ['right', 'l'], help: 'next value', where: 'grid; enum field', row: 'across' },
  pageUp: { keys: ['pgup', 'ctrl-b'], help: 'page up', where: 'lists, review', row: 'page', does: 'page, top, bottom' },
  pageDown: { keys: ['pgdn', 'ctrl-f'], help: 'page down', where: 'lists, review', row: 'page' },
  top: { keys: ['home', 'g'], help: 'top', where: 'lists, review', row: 'page' },
  bottom: { keys: ['end', 'G'], help: 'bottom', where: 'lists, review', row: 'page' },
  open: { keys: ['enter'], help: 'open', where: 'list', does: 'open the row (marked rows: edit them together)', marked: 'edit {n} marked' },
  edit: {
    keys: ['enter'],
    help: 'edit',
    where: 'form field, grid cell',
    does: 'edit it: text in an inline input, a list to choose from, a boolean toggles',
  },
  choose: { keys: ['enter'], help: 'choose', where: 'list to choose from', does: 'take the highlighted value' },
  keep: {
    keys: ['enter'],
    help: 'keep',
    where: 'text input',
    row: 'input',
    does: 'keep the text / drop it (in a text input every printable key is text; End goes to its end)',
  },
  drop: { keys: ['esc'], help: 'drop', where: 'text input', row: 'input' },
  clearInput: { keys: ['ctrl-u'], help: 'clear', where: 'text input', does: 'clear the text' },
  toggle: { keys: ['space'], help: 'toggle', where: 'form field', does: 'toggle a boolean' },
  mark: {
    keys: ['space'],
    help: 'mark ↓',
    where: 'configurations, rules, cache settings, origins, matches, compare',
    does: 'mark / unmark the row and move down (bulk edit, copy, purge or delete of marked rows; the line under the list counts them; once their changes are sent, they are unmarked)',
  },
  markAll: {
    keys: ['a'],
    help: 'mark all',
    where: 'configurations, rules, cache settings, origins, matches, compare',
    does: "mark every row shown (the filter's); when all are marked, unmark them",
  },
  filter: { keys: ['/'], help: 'filter', where: 'lists', does: 'filter as you type (Enter keeps it, Esc clears it)' },
  tab1: {
    keys: ['1'],
    help: 'Settings',
    where: 'configuration',
    row: 'tabs',
    does: 'tabs Settings, Rules, Cache settings, Error responses, Origins',
  },
  tab2: { keys: ['2'], help: 'Rules', where: 'configuration', row: 'tabs' },
  tab3: { keys: ['3'], help: 'Cache settings', where: 'configuration', row: 'tabs' },
  tab4: { keys: ['4'], help: 'Error responses', where: 'configuration', row: 'tabs' },
  tab5: { keys: ['5'], help: 'Origins', where: 'configuration', row: 'tabs' },
  prevTab: { keys: ['['], help: 'previous tab', where: 'configuration', row: 'step', does: 'previous / next tab' },
  nextTab: { keys: [']'], help: 'next tab', where: 'configuration', row: 'step' },
  create: { keys: ['n'], help: 'new', where: 'lists', does: 'new record (a form, required fields first)' },
  remove: {
    keys: ['d'],
    help: 'delete',
    where: 'lists',
    does: 'delete the row or the marked rows (y confirms; a configuration: type its name, marked configurations: how many)',
    marked: 'delete {n} marked',
  },
  editor: {
    keys: ['e'],
    help: 'edit as JSON',
    where: 'record, list row',
    does: 'edit as JSON in $VISUAL/$EDITOR; the result goes to the review',
  },
  revert: {
    keys: ['u'],
    help: 'revert field',
    where: 'form, grid, bulk form',
    row: 'revert',
    does: "revert the field / all fields to the server's value (bulk: of every marked record)",
  },
  revertAll: { keys: ['U'], help: 'revert all', where: 'form, grid, bulk form', row: 'revert' },
  review: {
    keys: ['s', 'ctrl-s'],
    help: 'review',
    where: 'form, grid',
    does: 'review the changes: every field old → new, the exact request, what the API would refuse; a new record with a required field (name *) still empty goes to that field instead',
  },
  apply: { keys: ['y'], help: 'send', where: 'review', does: 'send everything listed (PATCH, POST, DELETE)' },
  cancel: { keys: ['n', 'esc'], help: 'back, drafts kept', where: 'review', does: 'back to editing, drafts intact' },
  fix: {
    keys: ['enter'],
    help: 'fix',
    where: 'review',
    does: "open the change under the cursor in its form, at the line's field (a problem: the field to change)",
  },
  dropChange: {
    keys: ['x'],
    help: 'drop change',
    where: 'review',
    does: 'drop the change under the cursor from the drafts (and those that need it); the rest stay in the review',
  },
  stopSending: {
    keys: ['esc'],
    help: 'stop sending',
    where: 'review while sending',
    does: 'stop sending what has not gone yet (it stays as drafts, listed); q leaves the review while the send goes on',
  },
  keepMine: {
    keys: ['m'],
    help: 'keep mine',
    where: 'review with a conflict',
    row: 'conflict',
    does: 'keep mine / take theirs where both changed a field',
  },
  takeTheirs: { keys: ['t'], help: 'take theirs', where: 'review with a conflict', row: 'conflict' },
  updateTheirs: {
    keys: ['o'],
    help: 'update theirs',
    where: 'review, a path taken; new rule form, configurations marked',
    row: 'many',
    does: 'a new rule whose path its configuration has already: update that rule instead (PATCH, the diff against it) / a new rule in the marked configurations: this one only, or all of them again',
  },
  onlyHere: { keys: ['o'], help: 'this one only', where: 'new rule form, configurations marked', row: 'many' },
  confirm: { keys: ['y'], help: 'yes', where: 'question', does: 'confirm (any other key cancels)' },
  reload: { keys: ['r'], help: 'reload', where: 'anywhere', does: 'reload the view from the API' },
  palette: {
    keys: [':'],
    help: 'palette',
    where: 'anywhere',
    does: 'palette: a configuration by name or id, a tab, a profile (switches the app to it), the pending changes, the history',
  },
  help: { keys: ['?'], help: 'help', where: 'anywhere', does: 'every key of the view' },
  history: {
    keys: ['H'],
    help: 'history',
    where: 'anywhere',
    does: 'the history of the sends, newest first (Enter: its diff; right: its requests)',
  },
  undo: {
    keys: ['z'],
    help: 'undo',
    where: 'history',
    does: 'undo the send (every request of it) or the one request under the cursor: the inverse as drafts, in the review',
  },
  expand: {
    keys: ['right', 'l'],
    help: 'requests',
    where: 'history',
    row: 'tree',
    does: 'open / close a send of several requests: a row per request under it',
  },
  collapse: { keys: ['left', 'h'], help: 'close', where: 'history', row: 'tree' },
  undoApplied: {
    keys: ['u'],
    help: 'undo the applied',
    where: 'after a send that failed partway',
    does: 'review the reversal of what the send applied (nothing is undone without that review)',
  },
  copy: {
    keys: ['c'],
    help: 'copy to…',
    where: 'rules, cache settings',
    does: 'copy the row (or the marked rows) to another configuration, chosen in the palette: new records there, one review',
    marked: 'copy {n} marked to…',
  },
  clone: {
    keys: ['C'],
    help: 'clone',
    where: 'configurations',
    does: 'clone the configuration with its cache settings, origins, rules and error responses under a new name: one review of every request, in the order sent',
  },
  purge: {
    keys: ['P'],
    help: 'purge',
    where: 'configurations, configuration, rules; after a saved change',
    does: "purge the CDN's cache: a form of the hosts and the rule's path (url, cachekey or wildcard), the exact request reviewed before y, each group's result",
  },
  compare: {
    keys: ['='],
    help: 'compare',
    where: 'configurations, configuration',
    does: 'compare with another configuration, here or in another profile (profile:name): the differences',
  },
  copyRight: {
    keys: ['>'],
    help: 'copy to right',
    where: 'compare',
    row: 'promote',
    does: 'copy the marked (or focused) differences left to right / right to left as drafts, then the review (name, cnames, cname access only: one by one)',
    marked: 'copy {n} marked to right',
  },
  copyLeft: { keys: ['<'], help: 'copy to left', where: 'compare', row: 'promote', marked: 'copy {n} marked to left' },
  back: { keys: ['esc'], help: 'back', where: 'anywhere', does: 'cancel / back one level (the list keeps its row, filter and marks)' },
  quit: { keys: ['q'], help: 'back/quit', where: 'anywhere', does: 'back; at the top, quit (asks when drafts are pending)' },
  forceQuit: {
    keys: ['ctrl-c'],
    help: 'quit now',
    where: 'anywhere',
    does: 'quit now (a request out is waited for, up to 2 s; what is not sent stays a draft, kept for the next start); exit code 130',
  },
  suspend: {
    keys: ['ctrl-z'],
    help: 'suspend',
    where: 'anywhere',
    does: 'suspend: back to the shell, the terminal as it was (fg brings cdn-tui back where it was, a send going on)',
  },
} as const satisfies Record<string, CommandSpec>;

export type Command = keyof typeof COMMANDS;

function isCommand(name: string): name is Command {
  return Object.hasOwn(COMMANDS, name);
}

const ALL: readonly Command[] = Object.keys(COMMANDS).filter(isCommand);

const BY_KEY = new Map<string, Command[]>();
for (const c of ALL) for (const k of COMMANDS[c].keys) BY_KEY.set(k, [...(BY_KEY.get(k) ?? []), c]);

/** The commands a key name triggers (several: the layer that binds one of them wins). */
export function commandsOf(key: string): readonly Command[] {
  return BY_KEY.get(key) ?? [];
}

export function allCommands(): readonly Command[] {
  return ALL;
}

export function specOf(command: Command): CommandSpec {
  return COMMANDS[command];
}

/** The footer's words for a command acting on `marked` rows (`edit 5 marked`); undefined with none marked or a command that does not act on them. */
export function markedLabel(command: Command, marked: number): string | undefined {
  const words = specOf(command).marked;
  return marked > 0 && words !== undefined ? words.replace('{n}', String(marked)) : undefined;
}
