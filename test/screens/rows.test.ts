// The rows a filter keeps: every word of the filter somewhere in id, name, path, domain or cnames,
// in list order, whatever filters came before (a filter typed key by key looks only through the
// rows the one before kept, so it must keep exactly what a filter from scratch keeps).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Rec } from '../../src/schema/index.js';
import type { RecordKey } from '../../src/store/index.js';
import { matches, rowsSelector } from '../../src/screens/rows.js';

function account(names: readonly string[]): { keys: RecordKey[]; records: Record<string, Rec> } {
  const keys: RecordKey[] = [];
  const records: Record<string, Rec> = {};
  names.forEach((name, i) => {
    const key: RecordKey = `configuration:${i + 1}`;
    keys.push(key);
    records[key] = { id: i + 1, name, domain_name: `${name.toLowerCase()}.example`, cname: [`www.${name}.test`] };
  });
  return { keys, records };
}

describe('rowsSelector', () => {
  it('keeps the rows with every word, in list order', () => {
    const { keys, records } = account(['Shop-Prod', 'shop-staging', 'API', 'docs shop']);
    const rows = rowsSelector();
    expect(rows(keys, records, '').map((r) => r.record.name)).toEqual(['Shop-Prod', 'shop-staging', 'API', 'docs shop']);
    expect(rows(keys, records, 'SHOP').map((r) => r.record.name)).toEqual(['Shop-Prod', 'shop-staging', 'docs shop']);
    expect(rows(keys, records, 'shop prod').map((r) => r.record.name)).toEqual(['Shop-Prod']);
    expect(rows(keys, records, '3').map((r) => r.record.id)).toEqual([3]);
    expect(rows(keys, records, 'www.api').map((r) => r.record.name)).toEqual(['API']);
  });

  it('gives the same rows as a filter from scratch, after any filters typed, erased or replaced before', () => {
    const word = fc.constantFrom('s', 'sh', 'shop', 'p', 'pro', 'prod', 'a', 'api', '1', '12', 'x', ' ', '.ex');
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('shop-prod', 'shop-12', 'api-1', 'docs', 'Prod API', 'pro'), { maxLength: 20 }),
        fc.array(
          fc.array(word, { maxLength: 4 }).map((ws) => ws.join('')),
          { maxLength: 8 },
        ),
        (names, filters) => {
          const { keys, records } = account(names);
          const rows = rowsSelector();
          for (const filter of filters) {
            const want = keys.filter((k) => matches(records[k]!, filter));
            expect(rows(keys, records, filter).map((r) => r.key)).toEqual(want);
          }
        },
      ),
    );
  });

  it('starts again when the records change', () => {
    const first = account(['shop', 'api']);
    const rows = rowsSelector();
    expect(rows(first.keys, first.records, 'sh')).toHaveLength(1);
    const second = account(['shop', 'shop-2', 'api']);
    expect(rows(second.keys, second.records, 'sho').map((r) => r.record.name)).toEqual(['shop', 'shop-2']);
  });
});
