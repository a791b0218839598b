// Text from the API can never drive the terminal: control characters become visible.
import { describe, expect, it } from 'vitest';
import { safe } from '../../src/ui/text.js';
import { parseDuration, parseField, showField } from '../../src/ui/values.js';
import { configurationSchema, cacheSettingSchema } from '../../src/schema/index.js';

describe('safe text', () => {
  it('shows escape sequences and control characters instead of sending them', () => {
    const shown = safe('shop\u001b[2J\u001b]0;owned\u0007\r\n\u009b31m');
    expect(shown).not.toMatch(/\p{Cc}/u); // C0, DEL and C1: every control character
    expect(shown).toBe('shop^[[2J^[]0;owned^G^M^J\\x9b31m');
  });
});

describe('values', () => {
  const field = (schema: typeof configurationSchema, name: string) => schema.fields.find((f) => f.name === name)!;
  it('reads durations as seconds', () => {
    expect([parseDuration('90'), parseDuration('5m'), parseDuration('1h'), parseDuration('2d'), parseDuration('1h30m'), parseDuration('5x')]).toEqual([90, 300, 3600, 172800, 5400, undefined]);
    expect(parseField(field(cacheSettingSchema, 'cdn_cache_settings_maximum_ttl'), '5m')).toBe(300);
  });
  it('reads lists, nullable ids and keeps what it cannot read for the schema to explain', () => {
    expect(parseField(field(configurationSchema, 'cname'), 'a.example, b.example c.example')).toEqual(['a.example', 'b.example', 'c.example']);
    expect(parseField(field(configurationSchema, 'digital_certificate'), 'none')).toBeNull();
    expect(parseField(field(configurationSchema, 'digital_certificate'), 'abc')).toBe('abc');
    expect(showField(field(cacheSettingSchema, 'cdn_cache_settings_maximum_ttl'), 3600)).toBe('3600 (1h)');
  });
});
