// Three-way compare for conflicts: the draft's base, the server's current record (theirs), the draft (mine).
import { accepts, schemaFor, type Rec, type ResourceKind } from '../schema/index.js';
import { jsonEqual } from './equal.js';

export interface FieldConflict {
  readonly field: string;
  readonly label: string;
  readonly base: unknown;
  readonly theirs: unknown;
  readonly mine: unknown;
  /** Both sides changed the field, to different values: the user has to choose. */
  readonly clash: boolean;
}

/** Every PATCH-able field that someone else changed since the draft's base (clash when I changed it too). */
export function threeWay(kind: ResourceKind, base: Rec, theirs: Rec, mine: Rec): FieldConflict[] {
  const out: FieldConflict[] = [];
  for (const f of schemaFor(kind).fields) {
    if (!accepts(f, 'patch')) continue;
    const [b, t, m] = [base[f.name], theirs[f.name], mine[f.name]];
    if (jsonEqual(b, t)) continue;
    const iChanged = !jsonEqual(b, m);
    out.push({ field: f.name, label: f.label, base: b, theirs: t, mine: m, clash: iChanged && !jsonEqual(t, m) });
  }
  return out;
}

/**
 * The draft rebased onto theirs: fields I did not change take their value; for the others `choice`
 * says whose value wins (default: mine). The result's base is `theirs`.
 */
export function rebase(
  kind: ResourceKind,
  base: Rec,
  theirs: Rec,
  mine: Rec,
  choice: Readonly<Record<string, 'mine' | 'theirs'>> = {},
): Rec {
  const out: Rec = { ...theirs };
  for (const f of schemaFor(kind).fields) {
    if (!accepts(f, 'patch')) continue;
    const iChanged = !jsonEqual(base[f.name], mine[f.name]);
    if (iChanged && choice[f.name] !== 'theirs') out[f.name] = mine[f.name];
  }
  return out;
}
