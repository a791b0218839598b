// The footer's line of keys, fitted to the width (docs/ux.md §5): when every key does not fit, the
// least important go and the line ends in `? more` (the help lists every key), never in a cut word.
import { specOf, type Command } from '../keys/table.js';
import { cellWidth, fit } from '../ui/text.js';

/**
 * Which keys a narrow footer keeps, most important first:
 * 1. what the screen is for, and answering it (send, yes, keep, choose, edit, open, review…);
 * 2. what acts on rows (mark, filter, new, delete, revert, undo, copy, clone, $EDITOR);
 * 3. the way out (q), then the palette, the tabs, reload;
 * 4. moving up, down and by pages last: every user knows the arrows, and the footer shows no more
 *    than the arrow itself.
 * Keys that share a row of the key table (↑ and ↓, u and U, [ and ]) stay or go together, at the
 * rank of the first: a footer never shows `↑ up` without `↓ down`. `?` becomes `? more` at the end
 * of a cut line; Esc and Ctrl-c are not in the footer at all.
 */
export const FOOTER_ORDER: readonly Command[] = [
  'apply',
  'confirm',
  'keep',
  'choose',
  'edit',
  'open',
  'fix',
  'dropChange',
  'updateTheirs',
  'onlyHere',
  'copyRight',
  'copyLeft',
  'review',
  'cancel',
  'stopSending',
  'keepMine',
  'takeTheirs',
  'drop',
  'mark',
  'markAll',
  'toggle',
  'filter',
  'create',
  'remove',
  'revert',
  'revertAll',
  'undo',
  'undoApplied',
  'expand',
  'collapse',
  'copy',
  'clone',
  'purge',
  'compare',
  'editor',
  'clearInput',
  'quit',
  'palette',
  'nextTab',
  'prevTab',
  'left',
  'right',
  'tab1',
  'tab2',
  'tab3',
  'tab4',
  'tab5',
  'reload',
  'history',
  'back',
  'up',
  'down',
  'pageUp',
  'pageDown',
  'top',
  'bottom',
  'help',
  'forceQuit',
  'suspend',
];

const rank = (command: Command): number => {
  const at = FOOTER_ORDER.indexOf(command);
  return at < 0 ? FOOTER_ORDER.length : at;
};

export interface FooterKey {
  readonly command: Command;
  /** What the footer shows: `Enter open`. */
  readonly text: string;
}

const GAP = '  ';

/**
 * The keys as one line of at most `width` cells, `tail` (what is pending) after them. All of them
 * when they fit; else the most important that fit (in the order given, the help key left out) and
 * then `more` (`? more`, when the help key is there to say the rest); cut with `…` only when not
 * even that fits.
 */
export function footerLine(keys: readonly FooterKey[], tail: string, width: number, more: string | undefined, ascii = false): string {
  const line = (shown: readonly FooterKey[], end: string | undefined) =>
    [...shown.map((k) => k.text), ...(end === undefined ? [] : [end])].join(GAP) + tail;
  const all = line(keys, undefined);
  if (cellWidth(all) <= width) return all;
  const end = more ?? (ascii ? '~' : '…');
  const candidates = keys.filter((k) => k.command !== 'help');
  const kept = new Set<FooterKey>();
  for (const group of byRank(candidates)) {
    for (const k of group) kept.add(k);
    // A group too long for what is left is passed over: a shorter, less important one may still fit.
    if (
      cellWidth(
        line(
          candidates.filter((c) => kept.has(c)),
          end,
        ),
      ) > width
    )
      for (const k of group) kept.delete(k);
  }
  return fit(
    line(
      candidates.filter((c) => kept.has(c)),
      end,
    ),
    width,
    ascii,
  );
}

/** The keys in groups of one row of the key table each, the most important group first. */
function byRank(keys: readonly FooterKey[]): FooterKey[][] {
  const groups = new Map<string, FooterKey[]>();
  for (const k of keys) {
    const id = specOf(k.command).row ?? k.command;
    groups.set(id, [...(groups.get(id) ?? []), k]);
  }
  const first = (group: readonly FooterKey[]) => Math.min(...group.map((k) => rank(k.command)));
  return [...groups.values()].sort((a, b) => first(a) - first(b));
}
