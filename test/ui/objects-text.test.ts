// An origin's addresses as one line of text and back: what the form shows, what a user types.
import { describe, expect, it } from 'vitest';
import { originSchema, type ItemField } from '../../src/schema/index.js';
import { objectsText, parseObjects } from '../../src/ui/objects-text.js';
import { parseField, showField } from '../../src/ui/values.js';

const field = originSchema.fields.find((f) => f.name === 'addresses')!;
const items: readonly ItemField[] = field.type === 'objects' ? field.items : [];

describe('addresses as text', () => {
  it('leaves the defaults out: an active primary with no weight is its address alone', () => {
    const v = [
      { address: 'www.a.com', weight: null, server_role: 'primary', is_active: true },
      { address: '10.0.0.2', weight: 5, server_role: 'backup', is_active: false },
    ];
    expect(objectsText(items, v)).toBe('www.a.com; 10.0.0.2 weight=5 backup inactive');
    expect(showField(field, v)).toBe('www.a.com; 10.0.0.2 weight=5 backup inactive');
  });

  it('reads the short forms back, every key filled (defaults for those not written)', () => {
    expect(parseObjects(items, 'www.a.com; 10.0.0.2 backup w=5 inactive')).toEqual({
      value: [
        { address: 'www.a.com', weight: null, server_role: 'primary', is_active: true },
        { address: '10.0.0.2', weight: 5, server_role: 'backup', is_active: false },
      ],
    });
    expect(parseObjects(items, 'b.example role=backup weight=none active=no')).toEqual({
      value: [{ address: 'b.example', weight: null, server_role: 'backup', is_active: false }],
    });
  });

  it('goes round: the text of a value reads back as that value', () => {
    const v = [
      { address: 'origin.example', weight: 10, server_role: 'primary', is_active: true },
      { address: '2001:db8::1', weight: 0, server_role: 'backup', is_active: true },
    ];
    expect(parseObjects(items, objectsText(items, v))).toEqual({ value: v });
  });

  it('names the item and the word it cannot read', () => {
    expect(parseObjects(items, 'a.example; b.example bakup')).toEqual({
      problem: expect.stringMatching(/^item 2 \(b\.example\): "bakup" is not understood/),
    });
    expect(parseObjects(items, 'a.example w=heavy')).toEqual({ problem: 'item 1 (a.example): weight: "heavy" is not a whole number' });
    expect(parseObjects(items, 'a.example colour=red')).toEqual({ problem: expect.stringMatching(/"colour" is not one of/) });
  });

  it('text that cannot be read stays text in the form (the field says why), never a half-read list', () => {
    expect(parseField(field, 'a.example nonsense')).toBe('a.example nonsense');
    expect(parseField(field, '')).toEqual([]);
  });
});
