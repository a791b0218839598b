// The send planner (docs/preflight.md, "The order of a send"): the requests of one send put in an
// order that works. Pure and generic: a request is an item that holds values unique in their scope
// before the send (a rule's path, a name, a CNAME, a use of a cache setting) and holds others after
// it; the store says what each of its drafts holds (src/store/send-plan.ts). An item that takes a
// value goes after every item that gives that value up; an item that needs a value gone (the delete
// of a cache setting that rules use) goes after every item that moves off it; an item may name
// items it must follow (a record it refers to, made first). A cycle (two rules swapping paths) is
// broken by parking one item: a first request moves its values to temporary ones, freeing them,
// and its own request goes later. What cannot be ordered is said, with the items that hold each
// other up.

/** A value unique in its scope, as one string (`rule 7 /api/`); or a use of a record (`uses cache_setting 7 12`). */
export type Claim = string;

export interface PlanItem {
  /** The unique values the record holds before the send (as read); none for a create. */
  readonly holds: readonly Claim[];
  /** The unique values it holds once its request is answered; none for a delete. */
  readonly takes: readonly Claim[];
  /** Values many records may hold at once (a rule's use of a cache setting), before the send. */
  readonly uses?: readonly Claim[];
  /** The same, once its request is answered. */
  readonly usesAfter?: readonly Claim[];
  /** Values no record may hold when it goes (a delete of what rules use: their uses of it). */
  readonly needsGone?: readonly Claim[];
  /** Of the values it gives up, those a parking request can give up first (a path, a name, a CNAME); none: it cannot be parked. */
  readonly parks?: readonly Claim[];
  /** Items (their indices) it must go after, and cannot go without: a record it refers to, made first; rules made in their order. */
  readonly after?: readonly number[];
  /** Lower goes first among items ready at once (then the order given). */
  readonly rank?: number;
}

export interface Step {
  /** The item this step sends. */
  readonly item: number;
  /** The parking request of the item (its own request is a later step). */
  readonly park?: true;
  /** The steps (indices into `steps`) that must be answered first: one that did not go holds this one. */
  readonly after: readonly number[];
}

export interface Plan {
  /** Every step in the order they go: each after the steps it waits for. */
  readonly steps: readonly Step[];
  /** Items that hold each other up (a cycle no parking breaks); empty when the plan is whole. */
  readonly stuck: readonly (readonly number[])[];
  /** Values given up by one step and taken by a later one: between the two, no record holds them. */
  readonly moves: readonly Move[];
}

export interface Move {
  readonly claim: Claim;
  /** The step that gives it up, the step that takes it (indices into `steps`). */
  readonly from: number;
  readonly to: number;
}

/** The edges between items: item → the items that must go before it, and why (the claim, or none for `after`). */
interface Graph {
  readonly before: Array<Map<number, Claim | undefined>>;
  /** Per unique value, the items that give it up. */
  readonly given: ReadonlyMap<Claim, readonly number[]>;
}

/** Per claim, the items that give it up (hold it before, not after), of `before` → `after`. */
function givers(
  items: readonly PlanItem[],
  before: (item: PlanItem) => readonly Claim[] | undefined,
  after: (item: PlanItem) => readonly Claim[] | undefined,
): Map<Claim, number[]> {
  const out = new Map<Claim, number[]>();
  items.forEach((item, i) => {
    const had = before(item);
    if (!had?.length) return;
    const kept = new Set(after(item));
    for (const c of had) {
      if (kept.has(c)) continue;
      const those = out.get(c);
      if (those) those.push(i);
      else out.set(c, [i]);
    }
  });
  return out;
}

function graphOf(items: readonly PlanItem[]): Graph {
  const given = givers(
    items,
    (item) => item.holds,
    (item) => item.takes,
  );
  const left = givers(
    items,
    (item) => item.uses,
    (item) => item.usesAfter,
  );
  const before = items.map(() => new Map<number, Claim | undefined>());
  items.forEach((item, i) => {
    for (const j of item.after ?? []) if (j !== i && j >= 0 && j < items.length) before[i]!.set(j, undefined);
    const held = new Set(item.holds);
    const wait = (from: Map<Claim, number[]>, c: Claim) => {
      for (const j of from.get(c) ?? []) if (j !== i && !before[i]!.has(j)) before[i]!.set(j, c);
    };
    // A unique value is taken once given up; a value needed gone, once every holder gives it up.
    for (const c of item.takes) if (!held.has(c)) wait(given, c);
    for (const c of item.needsGone ?? []) {
      wait(given, c);
      wait(left, c);
    }
  });
  return { before, given };
}

/**
 * The strongly connected components of more than one node among `nodes` (Tarjan's, without
 * recursion: a send of 2,000 requests must not blow the stack).
 */
function cycles(nodes: readonly number[], edges: (n: number) => Iterable<number>): number[][] {
  const inSet = new Set(nodes);
  const index = new Map<number, number>();
  const low = new Map<number, number>();
  const onStack = new Set<number>();
  const stack: number[] = [];
  const out: number[][] = [];
  let next = 0;
  for (const root of nodes) {
    if (index.has(root)) continue;
    const work: Array<{ node: number; it: Iterator<number> }> = [];
    const open = (n: number) => {
      index.set(n, next);
      low.set(n, next);
      next++;
      stack.push(n);
      onStack.add(n);
      work.push({ node: n, it: edges(n)[Symbol.iterator]() });
    };
    open(root);
    while (work.length) {
      const top = work[work.length - 1]!;
      const step = top.it.next();
      if (!step.done) {
        const m = step.value;
        if (!inSet.has(m)) continue;
        if (!index.has(m)) open(m);
        else if (onStack.has(m)) low.set(top.node, Math.min(low.get(top.node)!, index.get(m)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(top.node)!));
      if (low.get(top.node) === index.get(top.node)) {
        const component: number[] = [];
        let m: number;
        do {
          m = stack.pop()!;
          onStack.delete(m);
          component.push(m);
        } while (m !== top.node);
        if (component.length > 1) out.push(component);
      }
    }
  }
  return out;
}

/** A min-heap of item indices by (rank, park first, index). */
class Ready {
  private readonly heap: number[] = [];
  constructor(private readonly less: (a: number, b: number) => boolean) {}
  get size(): number {
    return this.heap.length;
  }
  push(n: number): void {
    const h = this.heap;
    h.push(n);
    let i = h.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.less(h[i]!, h[p]!)) break;
      [h[i], h[p]] = [h[p]!, h[i]!];
      i = p;
    }
  }
  pop(): number {
    const h = this.heap;
    const top = h[0]!;
    const last = h.pop()!;
    if (h.length) {
      h[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < h.length && this.less(h[l]!, h[m]!)) m = l;
        if (r < h.length && this.less(h[r]!, h[m]!)) m = r;
        if (m === i) break;
        [h[i], h[m]] = [h[m]!, h[i]!];
        i = m;
      }
    }
    return top;
  }
}

/**
 * The plan of a send. Nodes are the items' own requests (0..n-1) and their parking requests
 * (n + i); an edge j → i says j goes first.
 */
export function planSend(items: readonly PlanItem[]): Plan {
  const n = items.length;
  const { before, given } = graphOf(items);
  const parked = new Set<number>();
  // Parking item p: the edges that wait for a value p parks now wait for p's parking request.
  const park = (p: number) => {
    parked.add(p);
    const parks = new Set(items[p]!.parks ?? []);
    for (const b of before) {
      const why = b.get(p);
      if (why !== undefined && parks.has(why)) {
        b.delete(p);
        b.set(n + p, why);
      }
    }
  };
  const edgesOf = (i: number): Iterable<number> => (i < n ? before[i]!.keys() : []);
  const stuck: number[][] = [];
  // Break each cycle by parking the item whose parking frees the most of the cycle's edges; again
  // until none is left or a cycle has no item to park.
  let pending = cycles(
    Array.from({ length: n }, (_, i) => i),
    edgesOf,
  );
  while (pending.length) {
    const next: number[][] = [];
    for (const component of pending) {
      const inside = new Set(component);
      let best = -1;
      let freed = 0;
      for (const p of [...component].sort((a, b) => a - b)) {
        if (parked.has(p) || !items[p]!.parks?.length) continue;
        const parks = new Set(items[p]!.parks);
        let count = 0;
        for (const i of component) {
          const why = before[i]!.get(p);
          if (why !== undefined && parks.has(why) && inside.has(i)) count++;
        }
        if (count > freed) {
          freed = count;
          best = p;
        }
      }
      if (best < 0) {
        stuck.push([...component].sort((a, b) => a - b));
        continue;
      }
      park(best);
      next.push(...cycles(component, edgesOf));
    }
    pending = next;
  }
  const stuckItems = new Set(stuck.flat());

  // Kahn's order over what is not stuck, the lowest (rank, parking first, index) first among the ready.
  const nodes = [...Array.from({ length: n }, (_, i) => i).filter((i) => !stuckItems.has(i)), ...[...parked].map((p) => n + p)];
  const itemOf = (node: number) => (node < n ? node : node - n);
  const rankOf = (node: number) => items[itemOf(node)]!.rank ?? 0;
  const less = (a: number, b: number) => {
    const ra = rankOf(a);
    const rb = rankOf(b);
    if (ra !== rb) return ra < rb;
    const ia = itemOf(a);
    const ib = itemOf(b);
    if (ia !== ib) return ia < ib;
    return a > b; // an item's parking request before its own
  };
  const waiting = new Map<number, number>();
  const after = new Map<number, number[]>();
  for (const node of nodes) {
    let count = 0;
    // An edge from a stuck item is never freed: what waits for it is held up with it.
    for (const j of edgesOf(node)) {
      count++;
      const those = after.get(j);
      if (those) those.push(node);
      else after.set(j, [node]);
    }
    // An item's own request after its parking request.
    if (node < n && parked.has(node)) {
      count++;
      const those = after.get(n + node);
      if (those) those.push(node);
      else after.set(n + node, [node]);
    }
    waiting.set(node, count);
  }
  const ready = new Ready(less);
  for (const node of nodes) if (waiting.get(node) === 0) ready.push(node);
  const stepOf = new Map<number, number>();
  const order: number[] = [];
  while (ready.size) {
    const node = ready.pop();
    stepOf.set(node, order.length);
    order.push(node);
    for (const m of after.get(node) ?? []) {
      const left = waiting.get(m)! - 1;
      waiting.set(m, left);
      if (left === 0) ready.push(m);
    }
  }
  // Items that wait for a stuck item cannot go either: they are held up with it.
  const held = nodes.filter((node) => !stepOf.has(node) && node < n);
  if (held.length) stuck.push(held);

  const steps: Step[] = order.map((node) => {
    const waits = [...edgesOf(node)].flatMap((j) => (stepOf.has(j) ? [stepOf.get(j)!] : []));
    if (node < n && parked.has(node)) waits.push(stepOf.get(n + node)!);
    return { item: itemOf(node), ...(node >= n ? { park: true as const } : {}), after: waits.sort((a, b) => a - b) };
  });
  // Each unique value taken from the step that gave it up: its giver's parking step, or own step.
  const moves: Move[] = [];
  order.forEach((node, to) => {
    if (node >= n) return;
    const item = items[node]!;
    const held = new Set(item.holds);
    for (const c of item.takes) {
      if (held.has(c)) continue;
      for (const j of given.get(c) ?? []) {
        const from = parked.has(j) && items[j]!.parks?.includes(c) ? stepOf.get(n + j) : stepOf.get(j);
        if (from !== undefined && j !== node) moves.push({ claim: c, from, to });
      }
    }
  });
  return { steps, stuck, moves };
}
