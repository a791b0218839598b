// The emulator's store: the state, its durable data file, and the validation context of each scope.
import type { Product, Rec, ValidationContext } from '../schema/index.js';
import type { DataFile } from './data-file.js';
import type { Change, ConfEntry, EmulatorState, SubKind } from './state.js';
import { notFound } from './http-util.js';

export class Store {
  constructor(
    readonly state: EmulatorState,
    readonly products: ReadonlySet<Product>,
    readonly deliveryDomain: string,
    private readonly dataFile: DataFile | undefined,
  ) {}

  /** Applies the changes now and resolves once they are durable (at once without --data). */
  commit(changes: readonly Change[]): Promise<void> {
    for (const c of changes) this.state.apply(c);
    return this.dataFile ? this.dataFile.append(changes) : Promise.resolve();
  }

  /** The configuration entry, or 404. */
  entry(conf: number): ConfEntry {
    const e = this.state.entry(conf);
    if (!e) throw notFound();
    return e;
  }

  /** Validation context of a configuration (siblings: the other configurations). */
  configurationContext(selfId?: number): ValidationContext {
    const { configurations: all, holders } = this.state;
    return {
      products: this.products,
      siblings: function* () {
        for (const [id, e] of all) if (id !== selfId) yield e.record;
      },
      holderOf: (field, value) => {
        const id = holders.get(`${field}:${value}`);
        return id === undefined || id === selfId ? undefined : all.get(id)?.record;
      },
    };
  }

  /** Validation context of a record inside a configuration. */
  subContext(entry: ConfEntry, kind: SubKind, selfId?: number): ValidationContext {
    const records = entry.subs[kind];
    return {
      products: this.products,
      siblings: function* (): Generator<Rec> {
        for (const [id, r] of records) if (id !== selfId) yield r;
      },
      refExists: (ref, id) => entry.subs[ref].has(id),
    };
  }
}
