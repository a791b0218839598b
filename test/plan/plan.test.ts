// The send planner (src/plan/): an order in which every request of a send can go, each value
// taken after it is given up, a cycle broken by a parking step, what cannot be ordered said.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planSend, type PlanItem, type Plan } from '../../src/plan/index.js';

/** Plays the plan: who holds what after each step; throws on a step that takes a held value or goes before what it waits for. */
function play(items: readonly PlanItem[], plan: Plan): Map<string, number> {
  const holder = new Map<string, number>();
  const holders = new Map<string, Set<number>>();
  const use = (c: string, i: number) => (holders.get(c) ?? holders.set(c, new Set()).get(c)!).add(i);
  items.forEach((item, i) => {
    for (const c of item.holds) holder.set(c, i);
    for (const c of item.uses ?? []) use(c, i);
  });
  const done = new Set<number>();
  plan.steps.forEach((step, at) => {
    for (const j of step.after) if (j >= at) throw new Error(`step ${at} waits for a later step ${j}`);
    const item = items[step.item]!;
    for (const j of item.after ?? []) {
      const own = plan.steps.findIndex((s) => s.item === j && !s.park);
      if (own >= 0 && own > at) throw new Error(`item ${step.item} before item ${j} it must follow`);
    }
    const give = (c: string) => {
      if (holder.get(c) === step.item) holder.delete(c);
    };
    if (step.park) {
      for (const c of item.parks ?? []) give(c);
      return;
    }
    for (const c of item.holds) if (!item.takes.includes(c)) give(c);
    for (const c of item.uses ?? []) holders.get(c)?.delete(step.item);
    for (const c of item.usesAfter ?? []) use(c, step.item);
    for (const c of item.needsGone ?? []) if (holders.get(c)?.size) throw new Error(`item ${step.item} goes while ${c} is held`);
    for (const c of item.takes) {
      const now = holder.get(c);
      if (now !== undefined && now !== step.item) throw new Error(`item ${step.item} takes ${c}, held by item ${now}`);
      holder.set(c, step.item);
    }
    done.add(step.item);
  });
  return holder;
}

const edit = (from: string[], to: string[], parkable = true): PlanItem => ({
  holds: from,
  takes: to,
  parks: parkable ? from.filter((c) => !to.includes(c)) : [],
});

describe('send planner', () => {
  it('puts the request that takes a value after the one that gives it up', () => {
    // rule /static/ → /api/ and rule /api/ → /api2/, given in that order
    const items = [edit(['/static/'], ['/api/']), edit(['/api/'], ['/api2/'])];
    const plan = planSend(items);
    expect(plan.steps.map((s) => s.item)).toEqual([1, 0]);
    expect(plan.steps[1]!.after).toEqual([0]);
    expect(plan.stuck).toEqual([]);
    play(items, plan);
  });

  it('breaks a swap with one parking step: three requests that all go', () => {
    const items = [edit(['/a'], ['/b']), edit(['/b'], ['/a'])];
    const plan = planSend(items);
    expect(plan.steps).toHaveLength(3);
    expect(plan.steps.filter((s) => s.park)).toHaveLength(1);
    expect(plan.steps[0]!.park).toBe(true);
    play(items, plan);
  });

  it('names every value that passes from one step to another: two CNAMEs swapped for one', () => {
    const items = [edit(['cname a', 'cname b'], ['cname c']), edit(['cname c'], ['cname a', 'cname b'])];
    const plan = planSend(items);
    expect(plan.steps.map((s) => [s.item, s.park === true])).toEqual([
      [0, true],
      [1, false],
      [0, false],
    ]);
    expect(plan.moves).toEqual([
      { claim: 'cname a', from: 0, to: 1 },
      { claim: 'cname b', from: 0, to: 1 },
      { claim: 'cname c', from: 1, to: 2 },
    ]);
  });

  it('breaks a ring of five with one parking step', () => {
    const items = [0, 1, 2, 3, 4].map((i) => edit([`/p${i}`], [`/p${(i + 1) % 5}`]));
    const plan = planSend(items);
    expect(plan.steps).toHaveLength(6);
    play(items, plan);
  });

  it('says which requests hold each other up when none can be parked, and holds what waits for them', () => {
    const items = [edit(['x'], ['y'], false), edit(['y'], ['x'], false), { holds: [], takes: ['z'], after: [0] }, edit(['w'], ['v'])];
    const plan = planSend(items);
    expect(plan.stuck).toEqual([[0, 1], [2]]);
    expect(plan.steps.map((s) => s.item)).toEqual([3]);
  });

  it('puts a delete that needs a use gone after every request that moves off it, and after items it follows', () => {
    const items: PlanItem[] = [
      { holds: ['name static'], takes: [], needsGone: ['uses static'], rank: 3 },
      { holds: ['/a'], takes: ['/a'], uses: ['uses static'], usesAfter: ['uses other'] },
      { holds: [], takes: ['name static'], after: [1] },
    ];
    const plan = planSend(items);
    expect(plan.steps.map((s) => s.item)).toEqual([1, 0, 2]);
    play(items, plan);
  });

  it('a use is not a unique value: two rules trading cache settings wait for nothing', () => {
    const items: PlanItem[] = [
      { holds: ['/a'], takes: ['/a'], uses: ['uses 1'], usesAfter: ['uses 2'] },
      { holds: ['/b'], takes: ['/b'], uses: ['uses 2'], usesAfter: ['uses 1'] },
    ];
    const plan = planSend(items);
    expect(plan.stuck).toEqual([]);
    expect(plan.steps.map((s) => s.after)).toEqual([[], []]);
  });

  it('a delete that must wait for a use to go, in a cycle over its name, is parked: renamed first, deleted last', () => {
    // Delete cache setting n1 (a rule uses it); a new n1 is made; the rule moves to the new one.
    const items: PlanItem[] = [
      { holds: ['name n1'], takes: [], needsGone: ['uses old'], parks: ['name n1'] },
      { holds: [], takes: ['name n1'] },
      { holds: ['/a'], takes: ['/a'], uses: ['uses old'], usesAfter: ['uses new'], after: [1] },
    ];
    const plan = planSend(items);
    expect(plan.steps.map((s) => [s.item, s.park === true])).toEqual([
      [0, true],
      [1, false],
      [2, false],
      [0, false],
    ]);
    play(items, plan);
  });

  it('keeps the order given (and the ranks) where nothing depends', () => {
    const items: PlanItem[] = [
      { holds: [], takes: ['a'], rank: 2 },
      { holds: ['b'], takes: [], rank: 1 },
      { holds: [], takes: ['c'], rank: 2 },
    ];
    expect(planSend(items).steps.map((s) => s.item)).toEqual([1, 0, 2]);
  });

  it('any batch of moves over a few values: every value taken only once given up, or the cycle said', () => {
    const value = fc.constantFrom('/a', '/b', '/c', '/d', '/e', '/f', '/g');
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(value, value), { minLength: 1, maxLength: 6, selector: ([from]) => from }),
        fc.boolean(),
        (moves, parkable) => {
          // Each item moves one value to another; the end state is valid when no two end on one value.
          const ends = moves.map(([, to]) => to);
          const kept = new Set(ends);
          if (kept.size !== ends.length) return;
          const startValues = new Set(moves.map(([from]) => from));
          // A value taken that no item gives up and no item holds is free: fine. One held by an item that keeps it: invalid.
          if (moves.some(([from, to]) => from !== to && startValues.has(to) && moves.find(([f]) => f === to)![1] === to)) return;
          const items = moves.map(([from, to]) => edit([from], [to], parkable));
          const plan = planSend(items);
          if (plan.stuck.length) {
            expect(parkable).toBe(false);
            return;
          }
          expect(
            plan.steps
              .filter((s) => !s.park)
              .map((s) => s.item)
              .sort(),
          ).toEqual(items.map((_, i) => i));
          const held = play(items, plan);
          for (const [i, [, to]] of moves.entries()) expect(held.get(to)).toBe(i);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('plans 2,000 requests with 500 dependencies', () => {
    const items: PlanItem[] = [];
    for (let i = 0; i < 2000; i++) items.push(i < 500 ? edit([`/p${i}`], [`/p${(i + 1) % 500}`]) : edit([`/q${i}`], [`/q${i}x`]));
    const plan = planSend(items);
    expect(plan.steps).toHaveLength(2001);
    play(items, plan);
  });
});
