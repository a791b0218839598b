// A list of objects as one line of text, and back (an origin's addresses in its form and list):
// `www.a.com; 10.0.0.2 backup w=5 inactive`. Items are separated by `;`. An item starts with the
// value of its first key (the address); the rest are words: a choice of an enum key as it is
// (`backup`), a boolean key by its label (`active`) or with `in`/`no-` before it (`inactive`), any
// key as `key=value` (its name, label, or a prefix of one that names it alone: `w=5`, `weight=none`).
// A key left out takes its default; the text shown leaves out the values that are the defaults.
// Driven by the item fields of the schema, so nothing here knows an address.
import type { ItemField } from '../schema/index.js';

type Item = Record<string, unknown>;

const isItem = (v: unknown): v is Item => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One value as a word of the text. */
function word(f: ItemField, v: unknown): string | undefined {
  if (v === undefined || (f.default !== undefined && v === f.default)) return undefined;
  if (f.type === 'boolean') return v === true ? f.label : v === false ? `in${f.label}` : `${f.name}=${String(v)}`;
  if (f.type === 'enum' && typeof v === 'string' && ownerOfChoice([f], v) === f) return v;
  return `${shortName(f)}=${v === null ? 'none' : String(v)}`;
}

/** The name a key is written with: its label when that is one word, else its name. */
function shortName(f: ItemField): string {
  return /^\S+$/.test(f.label) ? f.label : f.name;
}

function ownerOfChoice(fields: readonly ItemField[], w: string): ItemField | undefined {
  const owners = fields.filter((f) => f.type === 'enum' && f.choices.some((c) => c === w));
  return owners.length === 1 ? owners[0] : undefined;
}

/** The objects as text: `a; b backup w=5 inactive`. Something that is not a list of objects: its JSON. */
export function objectsText(fields: readonly ItemField[], value: unknown): string {
  if (!Array.isArray(value) || !value.every(isItem)) return JSON.stringify(value) ?? '';
  const [first, ...rest] = fields;
  if (!first) return '';
  return value
    .map((item) => {
      const known = new Set(fields.map((f) => f.name));
      const extra = Object.keys(item)
        .filter((k) => !known.has(k))
        .map((k) => `${k}=${JSON.stringify(item[k])}`);
      return [String(item[first.name] ?? ''), ...rest.map((f) => word(f, item[f.name])), ...extra]
        .filter((w) => w !== undefined && w !== '')
        .join(' ');
    })
    .join('; ');
}

/** The key a `key=` names: exactly its name or label, else the one whose name or label starts with it. */
function keyOf(fields: readonly ItemField[], k: string): ItemField | undefined {
  const key = k.toLowerCase();
  const exact = fields.find((f) => f.name === key || f.label.toLowerCase() === key);
  if (exact) return exact;
  const starts = fields.filter((f) => f.name.startsWith(key) || f.label.toLowerCase().startsWith(key));
  return starts.length === 1 ? starts[0] : undefined;
}

/** A value of `f` from its text; a string saying why not. */
function valueOf(f: ItemField, text: string): unknown {
  const t = text.trim();
  if (f.nullable && /^(none|null)$/i.test(t)) return null;
  switch (f.type) {
    case 'integer':
      return /^-?\d+$/.test(t) ? Number(t) : { problem: `${f.label}: "${t}" is not a whole number` };
    case 'boolean':
      return /^(y|yes|true|1|on)$/i.test(t)
        ? true
        : /^(n|no|false|0|off)$/i.test(t)
          ? false
          : { problem: `${f.label}: "${t}" is not yes or no` };
    case 'enum':
      return f.choices.some((c) => c === t) ? t : { problem: `${f.label}: "${t}" is not one of ${f.choices.join(', ')}` };
    default:
      return t;
  }
}

const isProblem = (v: unknown): v is { problem: string } => isItem(v) && typeof v.problem === 'string' && Object.keys(v).length === 1;

/** The boolean key a bare word names: its label or name (true), or with `in`, `not-`, `no-` before it (false). */
function flagOf(fields: readonly ItemField[], w: string): [ItemField, boolean] | undefined {
  const lw = w.toLowerCase();
  for (const f of fields) {
    if (f.type !== 'boolean') continue;
    const names = [f.label.toLowerCase(), f.name];
    if (names.includes(lw)) return [f, true];
    if (names.some((n) => lw === `in${n}` || lw === `not-${n}` || lw === `no-${n}`)) return [f, false];
  }
  return undefined;
}

/** The help beside the input: how to write the items. */
export function objectsHint(fields: readonly ItemField[]): string {
  const [first, ...rest] = fields;
  const words = rest.map((f) =>
    f.type === 'enum'
      ? f.choices.filter((c) => c !== '').join('|')
      : f.type === 'boolean'
        ? `${f.label}|in${f.label}`
        : `${shortName(f)}=N`,
  );
  return `${first?.label ?? 'value'} ${words.join(' ')}; the next one...`;
}

/**
 * Text back to objects: each item with every key (a key not written takes its default), or why
 * the text cannot be read, in words naming the item and the word.
 */
export function parseObjects(fields: readonly ItemField[], text: string): { readonly value: Item[] } | { readonly problem: string } {
  const [first, ...rest] = fields;
  if (!first) return { value: [] };
  const parts = text.split(/[;\n]/).map((p) => p.trim());
  const items: Item[] = [];
  for (const [i, part] of parts.entries()) {
    if (part === '') continue;
    const [head = '', ...words] = part.split(/\s+/);
    const item: Item = { [first.name]: head };
    for (const f of rest) if (f.default !== undefined) item[f.name] = f.default;
    const at = `item ${i + 1} (${head})`;
    for (const w of words) {
      const eq = w.indexOf('=');
      if (eq > 0) {
        const f = keyOf(rest, w.slice(0, eq));
        if (!f) return { problem: `${at}: "${w.slice(0, eq)}" is not one of ${rest.map(shortName).join(', ')}` };
        const v = valueOf(f, w.slice(eq + 1));
        if (isProblem(v)) return { problem: `${at}: ${v.problem}` };
        item[f.name] = v;
        continue;
      }
      const flag = flagOf(rest, w);
      const owner = flag ? undefined : ownerOfChoice(rest, w);
      if (flag) item[flag[0].name] = flag[1];
      else if (owner) item[owner.name] = w;
      else return { problem: `${at}: "${w}" is not understood; write ${objectsHint(fields)}` };
    }
    items.push(item);
  }
  return { value: items };
}
