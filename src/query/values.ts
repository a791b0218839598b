// One field term's value → a test of a record's value, by the field's type in the schema (docs/ux.md
// §10): text by substring, any case (`:=`: exactly); booleans, choices and numbers exactly; `none`
// (not quoted) an empty value of a field that may be empty. A value the field cannot hold is a
// problem naming what it takes.
import { isPlainObject, type FieldSpec, type ItemField, type Rec } from '../schema/index.js';
import type { QueryField } from './fields.js';

/** A term's value as typed: `exact` after `:=`, `quoted` when written in quotes (a quoted `none` is the text). */
export interface TermValue {
  readonly value: string;
  readonly exact: boolean;
  readonly quoted: boolean;
}

export type ValueTest = (v: unknown) => boolean;

/** Whether `v` is empty: absent, null, "" or an empty list. */
export function isEmpty(v: unknown): boolean {
  return v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
}

/** A test of text: a substring in any case, or (`exact`) the text itself. */
export function textTest({ value, exact }: TermValue): (s: string) => boolean {
  if (exact) return (s) => s === value;
  const lower = value.toLowerCase();
  return (s) => s.toLowerCase().includes(lower);
}

const isNone = (tv: TermValue) => !tv.quoted && tv.value.toLowerCase() === 'none';

/** Words a boolean takes (forms show yes and no). */
const BOOLEANS: Readonly<Record<string, boolean>> = { true: true, false: false, yes: true, no: false };

/** What a field takes, for the problem of a bad value. */
export function takes(spec: FieldSpec | ItemField): string {
  const none = spec.nullable ? ' or none' : '';
  switch (spec.type) {
    case 'boolean':
      return 'true or false';
    case 'integer':
      return `a whole number${none}`;
    case 'enum': {
      const choices = spec.choices.map((c) => (c === '' ? '""' : c));
      return `${choices.slice(0, -1).join(', ')}${choices.length > 1 ? ' or ' : ''}${choices.at(-1) ?? ''}`;
    }
    default:
      return `text (${spec.name}:abc, ${spec.name}:=exact, ${spec.name}:"with space")${spec.type === 'list' || spec.nullable ? ' or none' : ''}`;
  }
}

function scalarTest(spec: FieldSpec | ItemField, tv: TermValue): ValueTest | undefined {
  const { value } = tv;
  if (isNone(tv) && (spec.nullable || spec.type === 'list' || spec.type === 'objects')) return isEmpty;
  switch (spec.type) {
    case 'boolean': {
      const b = tv.quoted ? undefined : BOOLEANS[value.toLowerCase()];
      return b === undefined ? undefined : (v) => v === b;
    }
    case 'integer': {
      if (!/^\d+$/.test(value)) return undefined;
      const n = Number(value);
      return (v) => v === n;
    }
    case 'enum': {
      const lower = value.toLowerCase();
      const choice = spec.choices.find((c) => c.toLowerCase() === lower) ?? (isNone(tv) && spec.choices.includes('') ? '' : undefined);
      return choice === undefined || (choice === '' && value !== '' && !isNone(tv)) ? undefined : (v) => v === choice;
    }
    case 'string': {
      if (value === '' && !tv.quoted) return undefined;
      const t = textTest(tv);
      return (v) => typeof v === 'string' && t(v);
    }
    case 'list': {
      if (value === '' && !tv.quoted) return undefined;
      const t = textTest(tv);
      return (v) => Array.isArray(v) && v.some((item) => typeof item === 'string' && t(item));
    }
    case 'objects': {
      if (value === '' && !tv.quoted) return undefined;
      const t = textTest(tv);
      return (v) =>
        Array.isArray(v) &&
        v.some((item: unknown) => isPlainObject(item) && Object.values(item).some((x) => typeof x === 'string' && t(x)));
    }
    default:
      return undefined;
  }
}

/** The test of a record against `field` holding the value, or what the field takes. */
export function fieldTest(field: QueryField, tv: TermValue): { readonly test: (r: Rec) => boolean } | { readonly problem: string } {
  const t = scalarTest(field.spec, tv);
  if (!t) return { problem: `${field.name} takes ${takes(field.spec)}` };
  const { name, inItems } = field;
  if (inItems === undefined) return { test: (r) => t(r[name]) };
  // A key of each item (an origin's address): any item.
  return {
    test: (r) => {
      const items = r[inItems];
      return Array.isArray(items) && items.some((item: unknown) => isPlainObject(item) && t(item[name]));
    },
  };
}
