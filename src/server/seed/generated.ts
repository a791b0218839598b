// `--seed N`: N plausible configurations for scale tests, the same on every run (a seeded generator).
import type { SeedConfiguration } from './index.js';

const KINDS = ['shop', 'api', 'static', 'media', 'docs', 'blog'] as const;

/** A small deterministic generator (mulberry32), so `--seed 10000` gives the same account each time. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function* generatedAccount(count: number): Generator<SeedConfiguration> {
  const rnd = random(count);
  for (let i = 1; i <= count; i++) {
    const kind = KINDS[Math.floor(rnd() * KINDS.length)]!;
    const n = String(i).padStart(5, '0');
    const site = `${kind}-${n}.example`;
    const https = rnd() < 0.6;
    yield {
      create: {
        name: `${kind}-${n}`,
        origin_address: rnd() < 0.5 ? `origin.${site}` : `198.51.${Math.floor(i / 250) % 256}.${(i % 250) + 1}`,
        origin_host_header: site,
        cname: [`www.${site}`, ...(rnd() < 0.3 ? [`cdn.${site}`] : [])],
        delivery_protocol: https ? 'http,https' : 'http',
        // A site on https has a certificate of its own (the shared one would not cover its cnames).
        ...(https ? { digital_certificate: 5000 + i } : {}),
      },
      ...(rnd() < 0.05 ? { patch: { active: false } } : {}),
      cacheSettings: [
        {
          name: 'static 7d',
          browser_cache_settings: true,
          browser_cache_settings_maximum_ttl: 86_400,
          cdn_cache_settings: 'override',
          cdn_cache_settings_maximum_ttl: 604_800,
          cache_by_query_string: 'ignore',
          cache_by_cookies: 'ignore',
        },
      ],
      rules: [
        { body: { path: '/', regex: false, protocol_policy: https ? 'redirect_to_https' : 'http', behavior: 'delivery', gzip: true } },
        {
          body: { path: '/static/', regex: false, protocol_policy: 'http,https', behavior: 'delivery', gzip: true },
          cacheSetting: 'static 7d',
        },
        { body: { path: '/admin', regex: false, protocol_policy: 'http,https', behavior: 'access_denied' } },
      ],
      ...(rnd() < 0.5 ? { errorResponses: { cache_error_404: 60 } } : {}),
    };
  }
}
