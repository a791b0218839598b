// The key table (UX.md §3) as data: command → keys and what it does. The dispatcher matches keys
// against it; the footer and `?` help are generated from it, so they never drift from behaviour.
export const COMMANDS = {
  up: { keys: ['up', 'k'], help: 'move up' },
  down: { keys: ['down', 'j'], help: 'move down' },
  left: { keys: ['left', 'h'], help: 'move left / previous value' },
  right: { keys: ['right', 'l'], help: 'move right / next value' },
  pageUp: { keys: ['pgup', 'ctrl-b'], help: 'page up' },
  pageDown: { keys: ['pgdn', 'ctrl-f'], help: 'page down' },
  top: { keys: ['home', 'g'], help: 'top' },
  bottom: { keys: ['end', 'G'], help: 'bottom' },
  open: { keys: ['enter'], help: 'open' },
  edit: { keys: ['enter'], help: 'edit the field' },
  toggle: { keys: ['space'], help: 'toggle' },
  mark: { keys: ['space'], help: 'mark / unmark' },
  filter: { keys: ['/'], help: 'filter' },
  tab1: { keys: ['1'], help: 'Settings' },
  tab2: { keys: ['2'], help: 'Rules' },
  tab3: { keys: ['3'], help: 'Cache settings' },
  tab4: { keys: ['4'], help: 'Error responses' },
  tab5: { keys: ['5'], help: 'Origins' },
  prevTab: { keys: ['['], help: 'previous tab' },
  nextTab: { keys: [']'], help: 'next tab' },
  create: { keys: ['n'], help: 'new' },
  remove: { keys: ['d'], help: 'delete' },
  editor: { keys: ['e'], help: 'edit as JSON in $EDITOR' },
  revert: { keys: ['u'], help: 'revert field' },
  revertAll: { keys: ['U'], help: 'revert all' },
  review: { keys: ['s', 'ctrl-s'], help: 'review changes' },
  apply: { keys: ['y'], help: 'apply: send it' },
  cancel: { keys: ['n', 'esc'], help: 'back, draft kept' },
  keepMine: { keys: ['m'], help: 'keep mine' },
  takeTheirs: { keys: ['t'], help: 'take theirs' },
  reload: { keys: ['r'], help: 'reload' },
  palette: { keys: [':'], help: 'command palette' },
  help: { keys: ['?'], help: 'help' },
  back: { keys: ['esc'], help: 'back' },
  quit: { keys: ['q'], help: 'back / quit' },
  forceQuit: { keys: ['ctrl-c'], help: 'quit now' },
} as const satisfies Record<string, { readonly keys: readonly string[]; readonly help: string }>;

export type Command = keyof typeof COMMANDS;

/** The commands a key name triggers (several: the layer that binds one of them wins). */
export function commandsOf(key: string): Command[] {
  return (Object.keys(COMMANDS) as Command[]).filter((c) => (COMMANDS[c].keys as readonly string[]).includes(key));
}
