// The review's warnings as a user reads them: the lint of what a send leaves (docs/lint.md), under
// the field or, for records the send does not touch, on top; and without UTF-8 not one other byte.
import { describe, expect, it } from 'vitest';
import { listKey, preflight, recordKey } from '../../src/store/index.js';
import { reviewLines } from '../../src/screens/review/review-lines.js';
import { emulatorFixture } from '../helpers/emulator.js';
import { storeFor } from '../store/helpers.js';
import { demoId } from '../helpers/seed-ids.js';

const emu = emulatorFixture(['--seed', 'demo']);

describe('warnings in the review', () => {
  it('https turned off where rules redirect to https: said on top, naming each rule, with the code', async () => {
    const conf = demoId(1); // the shop: every rule redirect_to_https
    const store = storeFor(emu);
    await store.getState().loadConfigurations();
    await store.getState().loadWhole(conf);
    const rules = store.getState().lists[listKey('rule', conf)]!.keys.length;
    const key = recordKey('configuration', undefined, conf);
    store.getState().editField(key, 'delivery_protocol', 'http');
    const checked = preflight(store.getState(), [key]);
    expect(checked.refused).toBe(0);
    expect(checked.general.map((f) => f.code)).toEqual(Array(rules).fill('https_redirect_on_http_site'));
    expect(checked.general[0]!.message).toMatch(/^rule \/ \(\d+\), once this is sent: /);
    const lines = reviewLines(store.getState(), [key], [], 1000, true, [], checked).map((l) => l.text);
    expect(lines[0]).toMatch(/^! rule \/ \(\d+\), once this is sent: .* \[https_redirect_on_http_site\]$/);
    expect(lines).toContain('  delivery_protocol: -"http,https" -> +"http"');
    for (const line of lines) expect(line).toMatch(/^[\x20-\x7e]*$/);
  });

  it('a cache setting with override and a TTL of 0 (the account has the product): ! under the field, y still sends', async () => {
    const conf = demoId(2);
    const store = storeFor(emu);
    await store.getState().loadWhole(conf);
    const made = store.getState().startCreate('cache_setting', conf);
    store.getState().setDraftValues(made, {
      name: 'nothing cached',
      browser_cache_settings: false,
      cdn_cache_settings: 'override',
      cdn_cache_settings_maximum_ttl: 0,
      cache_by_query_string: 'ignore',
      cache_by_cookies: 'ignore',
    });
    const checked = preflight(store.getState(), [made]);
    // Refused without the product, so a warning of the products; and the lint's: caches nothing.
    expect(checked.refused).toBe(0);
    expect(checked.findings[made]!.map((f) => [f.severity, f.field, f.code])).toEqual([
      ['warning', 'cdn_cache_settings_maximum_ttl', 'overrideMinTtl'],
      ['warning', 'cdn_cache_settings_maximum_ttl', 'override_zero_ttl'],
    ]);
    const lines = reviewLines(store.getState(), [made], [], 1000, false, [], checked).map((l) => l.text);
    const at = lines.indexOf('  cdn_cache_settings_maximum_ttl: +0');
    expect(lines[at + 1]).toMatch(/^ {4}! cdn_cache_settings_maximum_ttl: Must be at least 60 seconds/);
    expect(lines.some((l) => /^ {4}! cdn_cache_settings_maximum_ttl: .*caches nothing.* \[override_zero_ttl\]$/.test(l))).toBe(true);
  });
});
