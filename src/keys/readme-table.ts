// The README's key table, generated from the key table (scripts/key-table.mjs writes it; a test
// fails when the README drifts from it). Commands that share a row id are one row.
import { showKey } from './names.js';
import { COMMANDS, allCommands, type Command } from './table.js';

export const README_START = '<!-- keys: generated from src/keys/table.ts by scripts/key-table.mjs -->';
export const README_END = '<!-- keys: end -->';

function keysOf(command: Command): string {
  return COMMANDS[command].keys.map((k) => `\`${showKey(k)}\``).join('/');
}

export function keyTableMarkdown(): string {
  const rows = new Map<string, Command[]>();
  for (const c of allCommands()) {
    const spec = COMMANDS[c];
    const id = 'row' in spec ? spec.row : c;
    rows.set(id, [...(rows.get(id) ?? []), c]);
  }
  const lines = ['| key | where | does |', '|---|---|---|'];
  for (const commands of rows.values()) {
    const first = COMMANDS[commands[0]!];
    const does = commands.map((c) => COMMANDS[c]).find((s) => 'does' in s);
    const text = does && 'does' in does ? does.does : first.help;
    // One key that means one thing here and another there (`o` in the review and in a form) is named once.
    lines.push(`| ${[...new Set(commands.map(keysOf))].join(', ')} | ${first.where} | ${text} |`);
  }
  return lines.join('\n');
}

/** The README with its key table (between the markers) made anew; undefined when the markers are missing. */
export function withKeyTable(readme: string): string | undefined {
  const start = readme.indexOf(README_START);
  const end = readme.indexOf(README_END);
  if (start < 0 || end < start) return undefined;
  return `${readme.slice(0, start + README_START.length)}\n${keyTableMarkdown()}\n${readme.slice(end)}`;
}
