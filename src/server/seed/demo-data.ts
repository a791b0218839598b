// src/server/seed/demo-data.ts
//
// The demo data set that `cdn-tui serve --seed demo` loads: the CDN account of "Acme Outdoor", a
// small outdoor-gear company. Twelve configurations: the web shop (prod and staging), a public and
// a partner API, a brand site, a blog, developer docs, product images, video, a download mirror,
// the legacy shop and one retired (inactive) landing page.
//
// Every body is a valid docs/api.md §4 body. Rule bodies leave out path_origin_id (the loader uses the
// configuration's Default Origin) and cache_settings_id (given by name in `cacheSetting`).
// The account has both products (demo-products.ts: `--seed demo` turns them on). Anything that
// needs one is marked with `requires` / `patchRequires`, so that the account also loads on an
// emulator started with fewer (`--products none`), less those parts; the rules that need one come
// last in their configuration, so the others keep their places and ids either way.
//
// Hostnames use the reserved `.example` / `.test` TLDs and addresses come from the documentation
// ranges (192.0.2.0/24, 198.51.100.0/24, 203.0.113.0/24, 2001:db8::/32).

import type { Product } from '../../schema/types.js';

export type DemoProduct = Product;

export interface DemoRule {
  /** POST body of docs/api.md §4.2 WITHOUT path_origin_id (the loader uses the configuration's Default Origin) and WITHOUT cache_settings_id. */
  readonly body: Readonly<Record<string, unknown>>;
  /** Name of one of this configuration's cacheSettings (the loader turns it into cache_settings_id). */
  readonly cacheSetting?: string;
  /** Skip this rule when the emulator runs without this product. */
  readonly requires?: DemoProduct;
}

export interface DemoCacheSetting {
  /** POST body of docs/api.md §4.3. */
  readonly body: Readonly<Record<string, unknown>>;
  readonly requires?: DemoProduct;
}

export interface DemoConfiguration {
  /** POST body of docs/api.md §4.1 (name, origin_address, origin_host_header required; other create fields optional). Must be valid WITHOUT any product. */
  readonly create: Readonly<Record<string, unknown>>;
  /** Applied with PATCH after creation (PUT/PATCH fields only: e.g. {active: false}, {rawlogs: true}). */
  readonly patch?: Readonly<Record<string, unknown>>;
  /** When the patch needs a product (rawlogs needs raw_logs). */
  readonly patchRequires?: DemoProduct;
  readonly cacheSettings: readonly DemoCacheSetting[];
  readonly rules: readonly DemoRule[];
  /** PATCH body of docs/api.md §4.4 (some cache_error_* fields). */
  readonly errorResponses?: Readonly<Record<string, number>>;
  /** POST bodies of origins besides the Default Origin (docs/api.md §4.5, docs/origins-and-purge.md). */
  readonly origins?: ReadonlyArray<Readonly<Record<string, unknown>>>;
}

// TTLs in seconds.
const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const YEAR = 365 * DAY; // 31536000, the largest TTL the API accepts

// Query-string fields that never change a page (tracking parameters).
const TRACKING_PARAMS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'gclid', 'fbclid'];
// Analytics cookies that must not split the cache.
const ANALYTICS_COOKIES = ['_ga', '_gid', '_fbp', '_hjSessionUser'];
// Query-string fields understood by the image optimizer.
const IMAGE_PARAMS = ['w', 'h', 'fit', 'format', 'quality'];
// Images the optimizer handles.
const IMAGE_REGEX = '\\.(jpe?g|png|webp)$';

export const DEMO_ACCOUNT: readonly DemoConfiguration[] = [
  // 1. The web shop, production: https only with its own certificate, cnames only, raw logs on.
  {
    create: {
      name: 'acme-outdoor shop (prod)',
      origin_address: 'origin-shop.acme-outdoor.example',
      origin_host_header: 'shop.acme-outdoor.example',
      origin_protocol_policy: 'https',
      cname: ['shop.acme-outdoor.example', 'www.acme-outdoor.example', 'acme-outdoor.example'],
      cname_access_only: true,
      delivery_protocol: 'http,https',
      digital_certificate: 1042,
      cdn_cache_settings: 'override',
      cdn_cache_settings_maximum_ttl: 5 * MINUTE,
    },
    patch: { rawlogs: true },
    patchRequires: 'raw_logs',
    cacheSettings: [
      {
        body: {
          name: 'html 5m',
          browser_cache_settings: false,
          cdn_cache_settings: 'override',
          cdn_cache_settings_maximum_ttl: 5 * MINUTE,
          cache_by_query_string: 'blacklist',
          query_string_fields: TRACKING_PARAMS,
          enable_query_string_sort: true,
          cache_by_cookies: 'whitelist',
          cookie_names: ['currency', 'locale'],
        },
      },
      {
        body: {
          name: 'static assets 30d',
          browser_cache_settings: true,
          browser_cache_settings_maximum_ttl: 30 * DAY,
          cdn_cache_settings: 'override',
          cdn_cache_settings_maximum_ttl: 30 * DAY,
          cache_by_query_string: 'whitelist',
          query_string_fields: ['v'],
          cache_by_cookies: 'ignore',
        },
      },
      {
        body: {
          name: 'images 7d',
          browser_cache_settings: true,
          browser_cache_settings_maximum_ttl: 1 * DAY,
          cdn_cache_settings: 'override',
          cdn_cache_settings_maximum_ttl: 7 * DAY,
          cache_by_query_string: 'whitelist',
          query_string_fields: IMAGE_PARAMS,
          enable_query_string_sort: true,
          cache_by_cookies: 'ignore',
        },
      },
      {
        // Category pages: cached briefly, split by every cookie except analytics ones.
        body: {
          name: 'category pages 2m',
          browser_cache_settings: false,
          cdn_cache_settings: 'override',
          cdn_cache_settings_maximum_ttl: 2 * MINUTE,
          cache_by_query_string: 'all',
          enable_query_string_sort: true,
          cache_by_cookies: 'blacklist',
          cookie_names: ANALYTICS_COOKIES,
        },
      },
      {
        body: {
          name: 'checkout bypass',
          browser_cache_settings: true,
          browser_cache_settings_maximum_ttl: 0,
          cdn_cache_settings: 'bypass',
          cache_by_query_string: 'all',
          cache_by_cookies: 'all',
        },
        requires: 'application_acceleration',
      },
    ],
    rules: [
      {
        body: { path: '/', regex: false, protocol_policy: 'redirect_to_https', behavior: 'delivery', gzip: true, waf_rule_set_id: 7 },
        cacheSetting: 'html 5m',
      },
      {
        body: { path: '/static/', regex: false, protocol_policy: 'redirect_to_https', behavior: 'delivery', gzip: true },
        cacheSetting: 'static assets 30d',
      },
      {
        body: { path: '/c/', regex: false, protocol_policy: 'redirect_to_https', behavior: 'delivery', gzip: true },
        cacheSetting: 'category pages 2m',
      },
      {
        body: { path: IMAGE_REGEX, regex: true, protocol_policy: 'redirect_to_https', behavior: 'image_optimization' },
        cacheSetting: 'images 7d',
      },
      // The shop's JSON endpoints: proxied, origin cache headers respected (no cache setting).
      {
        body: {
          path: '/api/',
          regex: false,
          protocol_policy: 'redirect_to_https',
          behavior: 'delivery',
          gzip: true,
          forward_cookies: 'all',
          waf_rule_set_id: 7,
        },
      },
      { body: { path: '/admin', regex: false, protocol_policy: 'redirect_to_https', behavior: 'access_denied', edge_firewall_id: 3 } },
      {
        body: {
          path: '/old-catalog/',
          regex: false,
          protocol_policy: 'redirect_to_https',
          behavior: 'redirect',
          redirect_to: 'https://shop.acme-outdoor.example/c/',
        },
      },
      {
        body: {
          path: '/returns.html',
          regex: false,
          protocol_policy: 'redirect_to_https',
          behavior: 'redirect',
          redirect_to: 'https://www.acme-outdoor.example/help/returns',
        },
      },
      // Editor backups and dotfiles must never be served.
      { body: { path: '(\\.bak|\\.swp|~)$|/\\.', regex: true, protocol_policy: 'redirect_to_https', behavior: 'access_denied' } },
      {
        body: {
          path: '/checkout',
          regex: false,
          protocol_policy: 'redirect_to_https',
          behavior: 'acceleration',
          gzip: true,
          forward_cookies: 'all',
          waf_rule_set_id: 7,
          edge_firewall_id: 3,
        },
        cacheSetting: 'checkout bypass',
        requires: 'application_acceleration',
      },
      {
        body: {
          path: '/cart',
          regex: false,
          protocol_policy: 'redirect_to_https',
          behavior: 'acceleration',
          forward_cookies: 'all',
          waf_rule_set_id: 7,
        },
        cacheSetting: 'checkout bypass',
        requires: 'application_acceleration',
      },
    ],
    errorResponses: { cache_error_400: 5, cache_error_403: 10, cache_error_404: 60, cache_error_405: 10, cache_error_414: 60 },
    origins: [
      {
        // The shop's new API servers: two app servers, a third in the other data centre. The /api/
        // rule still goes to the Default Origin (moving it is the operator's step to take).
        name: 'shop api backends',
        origin_type: 'load_balancer',
        method: 'least_connections',
        host_header: 'api.shop.acme-outdoor.example',
        origin_protocol_policy: 'https',
        addresses: [
          { address: '192.0.2.21', weight: 5 },
          { address: '192.0.2.22', weight: 5 },
          { address: '198.51.100.21', server_role: 'backup' },
        ],
        connection_timeout: 10,
        timeout_between_bytes: 30,
      },
    ],
  },

  // 2. The web shop, staging: shared certificate, preview domains, no caching of HTML.
  {
    create: {
      name: 'acme-outdoor shop (staging)',
      origin_address: 'origin-staging.acme-outdoor.example',
      origin_host_header: 'staging-shop.acme-outdoor.example',
      cname: ['staging-shop.acme-outdoor.example', '*.preview.acme-outdoor.example'],
      delivery_protocol: 'http,https',
    },
    cacheSettings: [
      {
        body: {
          name: 'html no-cache',
          browser_cache_settings: true,
          browser_cache_settings_maximum_ttl: 0,
          cdn_cache_settings: 'honor',
          cache_by_query_string: 'all',
          cache_by_cookies: 'all',
        },
      },
      {
        body: {
          name: 'static assets 1h',
          browser_cache_settings: true,
          browser_cache_settings_maximum_ttl: 5 * MINUTE,
          cdn_cache_settings: 'override',
          cdn_cache_settings_maximum_ttl: HOUR,
          cache_by_query_string: 'whitelist',
          query_string_fields: ['v'],
          cache_by_cookies: 'ignore',
        },
      },
    ],
    rules: [
      {
        body: { path: '/', regex: false, protocol_policy: 'redirect_to_https', behavior: 'delivery', gzip: true },
        cacheSetting: 'html no-cache',
      },
      {
        body: { path: '/static/', regex: false, protocol_policy: 'redirect_to_https', behavior: 'delivery', gzip: true },
        cacheSetting: 'static assets 1h',
      },
      { body: { path: '/api/', regex: false, protocol_policy: 'redirect_to_https', behavior: 'delivery', forward_cookies: 'all' } },
      { body: { path: IMAGE_REGEX, regex: true, protocol_policy: 'redirect_to_https', behavior: 'image_optimization' } },
      { body: { path: '/admin', regex: false, protocol_policy: 'redirect_to_https', behavior: 'access_denied' } },
      {
        body: { path: '/checkout', regex: false, protocol_policy: 'redirect_to_https', behavior: 'acceleration', forward_cookies: 'all' },
        requires: 'application_acceleration',
      },
    ],
  },

  // 3. The public REST API: own certificate, IP origin, catalogue reads cached for a minute.
  {
    create: {
      name: 'acme public api v2',
      origin_address: '203.0.113.10',
      origin_host_header: 'api.acme-outdoor.example',
      origin_protocol_policy: 'https',
      cname: ['api.acme-outdoor.example'],
      delivery_protocol: 'http,https',
      digital_certificate: 1043,
    },
    cacheSettings: [
      {
        body: {
          name: 'api no-cache',
          browser_cache_settings: true,
          browser_cache_settings_maximum_ttl: 0,
          cdn_cache_settings: 'honor',
          cache_by_query_string: 'all',
          cache_by_cookies: 'all',
        },
      },
      {
        body: {
          name: 'catalog reads 60s',
          browser_cache_settings: true,
          browser_cache_settings_maximum_ttl: 30,
          cdn_cache_settings: 'override',
          cdn_cache_settings_maximum_ttl: MINUTE,
          cache_by_query_string: 'whitelist',
          query_string_fields: ['page', 'page_size', 'sort', 'category', 'lang'],
          enable_query_string_sort: true,
          cache_by_cookies: 'ignore',
        },
      },
      {
        body: {
          name: 'api bypass',
          browser_cache_settings: true,
          browser_cache_settings_maximum_ttl: 0,
          cdn_cache_settings: 'bypass',
          cache_by_query_string: 'all',
          cache_by_cookies: 'all',
        },
        requires: 'application_acceleration',
      },
    ],
    rules: [
      {
        body: {
          path: '/',
          regex: false,
          protocol_policy: 'redirect_to_https',
          behavior: 'delivery',
          gzip: true,
          forward_cookies: 'none',
          waf_rule_set_id: 12,
        },
        cacheSetting: 'api no-cache',
      },
      {
        body: {
          path: '/v2/catalog/',
          regex: false,
          protocol_policy: 'redirect_to_https',
          behavior: 'delivery',
          gzip: true,
          forward_cookies: 'none',
        },
        cacheSetting: 'catalog reads 60s',
      },
      {
        body: {
          path: '^/v2/stores/[0-9]+/stock$',
          regex: true,
          protocol_policy: 'redirect_to_https',
          behavior: 'delivery',
          gzip: true,
          forward_cookies: 'none',
        },
        cacheSetting: 'api no-cache',
      },
      {
        body: {
          path: '/v1/',
          regex: false,
          protocol_policy: 'redirect_to_https',
          behavior: 'redirect',
          redirect_to: 'https://api.acme-outdoor.example/v2/',
        },
      },
      { body: { path: '/internal/', regex: false, protocol_policy: 'redirect_to_https', behavior: 'access_denied', edge_firewall_id: 4 } },
      {
        body: {
          path: '/v2/orders',
          regex: false,
          protocol_policy: 'redirect_to_https',
          behavior: 'acceleration',
          gzip: true,
          forward_cookies: 'none',
          waf_rule_set_id: 12,
        },
        cacheSetting: 'api bypass',
        requires: 'application_acceleration',
      },
    ],
    errorResponses: { cache_error_400: 0, cache_error_403: 10, cache_error_404: 30, cache_error_405: 60, cache_error_501: 300 },
  },

  // 4. The partner (B2B dealer) API: reachable only through its cname, nothing cached at the edge.
  {
    create: {
      name: 'acme partner api',
      origin_address: '203.0.113.11',
      origin_host_header: 'partners-api.acme-outdoor.example',
      origin_protocol_policy: 'https',
      cname: ['partners-api.acme-outdoor.example'],
      cname_access_only: true,
      delivery_protocol: 'http,https',
      digital_certificate: 1045,
    },
    patch: { rawlogs: true },
    patchRequires: 'raw_logs',
    cacheSettings: [
      {
        body: {
          name: 'api no-cache',
          browser_cache_settings: true,
          browser_cache_settings_maximum_ttl: 0,
          cdn_cache_settings: 'honor',
          cache_by_query_string: 'all',
          cache_by_cookies: 'ignore',
        },
      },
      {
        body: {
          name: 'price lists 15m',
          browser_cache_settings: false,
          cdn_cache_settings: 'override',
          cdn_cache_settings_maximum_ttl: 15 * MINUTE,
          cache_by_query_string: 'whitelist',
          query_string_fields: ['dealer', 'currency'],
          enable_query_string_sort: true,
          cache_by_cookies: 'ignore',
        },
      },
    ],
    rules: [
      {
        body: {
          path: '/',
          regex: false,
          protocol_policy: 'redirect_to_https',
          behavior: 'delivery',
          forward_cookies: 'none',
          waf_rule_set_id: 12,
          edge_firewall_id: 5,
        },
        cacheSetting: 'api no-cache',
      },
      {
        body: {
          path: '/v1/price-lists/',
          regex: false,
          protocol_policy: 'redirect_to_https',
          behavior: 'delivery',
          gzip: true,
          forward_cookies: 'none',
        },
        cacheSetting: 'price lists 15m',
      },
      { body: { path: '/admin', regex: false, protocol_policy: 'redirect_to_https', behavior: 'access_denied' } },
    ],
    errorResponses: { cache_error_403: 10, cache_error_404: 60 },
  },

  // 5. The brand / marketing site: a static site generator behind object storage.
  {
    create: {
      name: 'acme brand site',
      origin_address: 'acme-brand-site.storage.example',
      origin_host_header: 'acme-brand-site.storage.example',
      origin_protocol_policy: 'https',
      cname: ['brand.acme-outdoor.example', 'about.acme-outdoor.example'],
      delivery_protocol: 'http,https',
      digital_certificate: 1046,
      browser_cache_settings: true,
      browser_cache_settings_maximum_ttl: 10 * MINUTE,
      cdn_cache_settings: 'override',
      cdn_cache_settings_maximum_ttl: HOUR,
    },
    cacheSettings: [
      {
        body: {
          name: 'html 5m',
          browser_cache_settings: false,
          cdn_cache_settings: 'override',
          cdn_cache_settings_maximum_ttl: 5 * MINUTE,
          cache_by_query_string: 'ignore',
          cache_by_cookies: 'ignore',
        },
      },
      {
        body: {
          name: 'static assets 30d',
          browser_cache_settings: true,
          browser_cache_settings_maximum_ttl: 30 * DAY,
          cdn_cache_settings: 'override',
          cdn_cache_settings_maximum_ttl: 30 * DAY,
          cache_by_query_string: 'ignore',
          cache_by_cookies: 'ignore',
        },
      },
      {
        body: {
          name: 'images 7d',
          browser_cache_settings: true,
          browser_cache_settings_maximum_ttl: 7 * DAY,
          cdn_cache_settings: 'override',
          cdn_cache_settings_maximum_ttl: 7 * DAY,
          cache_by_query_string: 'whitelist',
          query_string_fields: IMAGE_PARAMS,
          enable_query_string_sort: true,
          cache_by_cookies: 'ignore',
        },
      },
    ],
    rules: [
      {
        body: { path: '/', regex: false, protocol_policy: 'redirect_to_https', behavior: 'delivery', gzip: true },
        cacheSetting: 'html 5m',
      },
      {
        body: { path: '/assets/', regex: false, protocol_policy: 'redirect_to_https', behavior: 'delivery', gzip: true },
        cacheSetting: 'static assets 30d',
      },
      {
        body: { path: IMAGE_REGEX, regex: true, protocol_policy: 'redirect_to_https', behavior: 'image_optimization' },
        cacheSetting: 'images 7d',
      },
      {
        body: {
          path: '/press-kit',
          regex: false,
          protocol_policy: 'redirect_to_https',
          behavior: 'redirect',
          redirect_to: 'https://brand.acme-outdoor.example/press/',
        },
      },
    ],
    errorResponses: { cache_error_404: 60, cache_error_403: 10 },
  },

  // 6. The blog ("Trail Journal"): a CMS origin, plain http still allowed.
  {
    create: {
      name: 'acme trail journal (blog)',
      origin_address: 'origin-blog.acme-outdoor.example',
      origin_host_header: 'blog.acme-outdoor.example',
      cname: ['blog.acme-outdoor.example'],
      delivery_protocol: 'http,https',
      digital_certificate: 1047,
    },
    cacheSettings: [
      {
        body: {
          name: 'html 10m',
          browser_cache_settings: false,
          cdn_cache_settings: 'override',
          cdn_cache_settings_maximum_ttl: 10 * MINUTE,
          cache_by_query_string: 'blacklist',
          query_string_fields: TRACKING_PARAMS,
          enable_query_string_sort: true,
          cache_by_cookies: 'blacklist',
          cookie_names: ANALYTICS_COOKIES,
        },
      },
      {
        body: {
          name: 'static assets 30d',
          browser_cache_settings: true,
          browser_cache_settings_maximum_ttl: 30 * DAY,
          cdn_cache_settings: 'override',
          cdn_cache_settings_maximum_ttl: 30 * DAY,
          cache_by_query_string: 'whitelist',
          query_string_fields: ['ver'],
          cache_by_cookies: 'ignore',
        },
      },
      {
        body: {
          name: 'feeds 15m',
          browser_cache_settings: true,
          browser_cache_settings_maximum_ttl: 15 * MINUTE,
          cdn_cache_settings: 'override',
          cdn_cache_settings_maximum_ttl: 15 * MINUTE,
          cache_by_query_string: 'ignore',
          cache_by_cookies: 'ignore',
        },
      },
    ],
    rules: [
      { body: { path: '/', regex: false, protocol_policy: 'http,https', behavior: 'delivery', gzip: true }, cacheSetting: 'html 10m' },
      {
        body: { path: '/wp-content/', regex: false, protocol_policy: 'http,https', behavior: 'delivery', gzip: true },
        cacheSetting: 'static assets 30d',
      },
      {
        body: { path: '/feed/', regex: false, protocol_policy: 'http,https', behavior: 'delivery', gzip: true },
        cacheSetting: 'feeds 15m',
      },
      { body: { path: '/wp-admin', regex: false, protocol_policy: 'redirect_to_https', behavior: 'access_denied', waf_rule_set_id: 9 } },
      { body: { path: '/xmlrpc.php', regex: false, protocol_policy: 'http,https', behavior: 'access_denied' } },
      {
        body: {
          path: '^/20[0-9]{2}/[0-9]{2}/',
          regex: true,
          protocol_policy: 'http,https',
          behavior: 'redirect',
          redirect_to: 'https://blog.acme-outdoor.example/archive/',
        },
      },
    ],
    errorResponses: { cache_error_404: 120, cache_error_403: 10 },
  },

  // 7. Developer documentation for the public API: two hostnames, long-lived versioned assets.
  {
    create: {
      name: 'acme developer docs',
      origin_address: 'acme-docs.pages.test',
      origin_host_header: 'acme-docs.pages.test',
      origin_protocol_policy: 'https',
      cname: ['docs.acme-outdoor.example', 'developers.acme-outdoor.example'],
      delivery_protocol: 'http,https',
      digital_certificate: 1048,
      cdn_cache_settings: 'override',
      cdn_cache_settings_maximum_ttl: 15 * MINUTE,
    },
    cacheSettings: [
      {
        body: {
          name: 'html 5m',
          browser_cache_settings: true,
          browser_cache_settings_maximum_ttl: MINUTE,
          cdn_cache_settings: 'override',
          cdn_cache_settings_maximum_ttl: 5 * MINUTE,
          cache_by_query_string: 'ignore',
          cache_by_cookies: 'ignore',
        },
      },
      {
        body: {
          name: 'static assets 1y (hashed names)',
          browser_cache_settings: true,
          browser_cache_settings_maximum_ttl: YEAR,
          cdn_cache_settings: 'override',
          cdn_cache_settings_maximum_ttl: YEAR,
          cache_by_query_string: 'ignore',
          cache_by_cookies: 'ignore',
        },
      },
      {
        body: {
          name: 'search index 1h',
          browser_cache_settings: false,
          cdn_cache_settings: 'override',
          cdn_cache_settings_maximum_ttl: HOUR,
          cache_by_query_string: 'whitelist',
          query_string_fields: ['q', 'version'],
          cache_by_cookies: 'ignore',
        },
      },
    ],
    rules: [
      {
        body: { path: '/', regex: false, protocol_policy: 'redirect_to_https', behavior: 'delivery', gzip: true },
        cacheSetting: 'html 5m',
      },
      {
        body: { path: '/_next/static/', regex: false, protocol_policy: 'redirect_to_https', behavior: 'delivery', gzip: true },
        cacheSetting: 'static assets 1y (hashed names)',
      },
      {
        body: { path: '/search-index.json', regex: false, protocol_policy: 'redirect_to_https', behavior: 'delivery', gzip: true },
        cacheSetting: 'search index 1h',
      },
      {
        body: {
          path: '^/v1(/.*)?$',
          regex: true,
          protocol_policy: 'redirect_to_https',
          behavior: 'redirect',
          redirect_to: 'https://docs.acme-outdoor.example/v2/migrating-from-v1',
        },
      },
    ],
    errorResponses: { cache_error_404: 60 },
  },

  // 8. Product images: object storage origin, on-the-fly resizing, long cache.
  {
    create: {
      name: 'acme product images',
      origin_address: 'acme-media.storage.example',
      origin_host_header: 'acme-media.storage.example',
      origin_protocol_policy: 'https',
      cname: ['img.acme-outdoor.example', 'images.acme-outdoor.example'],
      cname_access_only: true,
      delivery_protocol: 'http,https',
      digital_certificate: 1044,
      browser_cache_settings: true,
      browser_cache_settings_maximum_ttl: DAY,
      cdn_cache_settings: 'override',
      cdn_cache_settings_maximum_ttl: 7 * DAY,
    },
    // A replica of the bucket in another region, ready for a rule to point at (none does yet).
    origins: [
      {
        name: 'media replica (eu)',
        origin_path: '/acme-media',
        host_header: 'acme-media-eu.storage.example',
        origin_protocol_policy: 'https',
        addresses: [{ address: 'acme-media-eu.storage.example' }],
      },
    ],
    cacheSettings: [
      {
        body: {
          name: 'images 7d',
          browser_cache_settings: true,
          browser_cache_settings_maximum_ttl: DAY,
          cdn_cache_settings: 'override',
          cdn_cache_settings_maximum_ttl: 7 * DAY,
          cache_by_query_string: 'whitelist',
          query_string_fields: IMAGE_PARAMS,
          enable_query_string_sort: true,
          cache_by_cookies: 'ignore',
        },
      },
      {
        body: {
          name: 'originals 30d',
          browser_cache_settings: true,
          browser_cache_settings_maximum_ttl: 7 * DAY,
          cdn_cache_settings: 'override',
          cdn_cache_settings_maximum_ttl: 30 * DAY,
          cache_by_query_string: 'ignore',
          cache_by_cookies: 'ignore',
        },
      },
    ],
    rules: [
      { body: { path: '/', regex: false, protocol_policy: 'redirect_to_https', behavior: 'delivery' }, cacheSetting: 'originals 30d' },
      {
        body: { path: IMAGE_REGEX, regex: true, protocol_policy: 'redirect_to_https', behavior: 'image_optimization' },
        cacheSetting: 'images 7d',
      },
      {
        body: { path: '\\.svg$', regex: true, protocol_policy: 'redirect_to_https', behavior: 'delivery', gzip: true },
        cacheSetting: 'originals 30d',
      },
      { body: { path: '/raw-uploads/', regex: false, protocol_policy: 'redirect_to_https', behavior: 'access_denied' } },
    ],
    errorResponses: { cache_error_403: 10, cache_error_404: 60, cache_error_416: 60 },
  },

  // 9. Video (product videos, HLS): playlists short, segments long.
  {
    create: {
      name: 'acme video (hls)',
      origin_address: '2001:db8:4a::20',
      origin_host_header: 'video-origin.acme-outdoor.example',
      cname: ['video.acme-outdoor.example'],
      delivery_protocol: 'http,https',
      digital_certificate: 1049,
    },
    cacheSettings: [
      {
        body: {
          name: 'playlists 10s',
          browser_cache_settings: true,
          browser_cache_settings_maximum_ttl: 10,
          cdn_cache_settings: 'override',
          cdn_cache_settings_maximum_ttl: MINUTE,
          cache_by_query_string: 'ignore',
          cache_by_cookies: 'ignore',
        },
      },
      {
        body: {
          name: 'segments 30d',
          browser_cache_settings: true,
          browser_cache_settings_maximum_ttl: 30 * DAY,
          cdn_cache_settings: 'override',
          cdn_cache_settings_maximum_ttl: 30 * DAY,
          cache_by_query_string: 'ignore',
          cache_by_cookies: 'ignore',
        },
      },
    ],
    rules: [
      { body: { path: '/', regex: false, protocol_policy: 'http,https', behavior: 'delivery' } },
      {
        body: { path: '\\.m3u8$', regex: true, protocol_policy: 'http,https', behavior: 'delivery', gzip: true },
        cacheSetting: 'playlists 10s',
      },
      {
        body: { path: '\\.(ts|m4s|mp4)$', regex: true, protocol_policy: 'http,https', behavior: 'delivery' },
        cacheSetting: 'segments 30d',
      },
      { body: { path: '/masters/', regex: false, protocol_policy: 'http,https', behavior: 'access_denied' } },
    ],
    errorResponses: { cache_error_404: 10, cache_error_416: 10 },
  },

  // 10. Download mirror for the trail-map app and firmware of the GPS watch: release files never change.
  {
    create: {
      name: 'acme downloads mirror',
      origin_address: '198.51.100.25',
      origin_host_header: 'downloads.acme-outdoor.example',
      origin_protocol_policy: 'http',
      cname: ['downloads.acme-outdoor.example', 'mirror.acme-outdoor.example'],
      delivery_protocol: 'http,https',
      digital_certificate: 1050,
      cdn_cache_settings: 'override',
      cdn_cache_settings_maximum_ttl: DAY,
    },
    patch: { rawlogs: true },
    patchRequires: 'raw_logs',
    cacheSettings: [
      {
        body: {
          name: 'release files 1y',
          browser_cache_settings: true,
          browser_cache_settings_maximum_ttl: 30 * DAY,
          cdn_cache_settings: 'override',
          cdn_cache_settings_maximum_ttl: YEAR,
          cache_by_query_string: 'ignore',
          cache_by_cookies: 'ignore',
        },
      },
      {
        body: {
          name: 'latest pointers 5m',
          browser_cache_settings: true,
          browser_cache_settings_maximum_ttl: MINUTE,
          cdn_cache_settings: 'override',
          cdn_cache_settings_maximum_ttl: 5 * MINUTE,
          cache_by_query_string: 'whitelist',
          query_string_fields: ['channel', 'platform'],
          enable_query_string_sort: true,
          cache_by_cookies: 'ignore',
        },
      },
    ],
    rules: [
      {
        body: { path: '/', regex: false, protocol_policy: 'http,https', behavior: 'delivery', gzip: true },
        cacheSetting: 'latest pointers 5m',
      },
      { body: { path: '/releases/', regex: false, protocol_policy: 'http,https', behavior: 'delivery' }, cacheSetting: 'release files 1y' },
      { body: { path: '/firmware/', regex: false, protocol_policy: 'http,https', behavior: 'delivery' }, cacheSetting: 'release files 1y' },
      {
        body: { path: '/latest/', regex: false, protocol_policy: 'http,https', behavior: 'delivery', gzip: true },
        cacheSetting: 'latest pointers 5m',
      },
      { body: { path: '/nightly/', regex: false, protocol_policy: 'http,https', behavior: 'access_denied' } },
    ],
    errorResponses: { cache_error_404: 300, cache_error_403: 10, cache_error_416: 60 },
  },

  // 11. The legacy shop (2016), http only: everything points to the new shop.
  {
    create: {
      name: 'legacy shop (2016)',
      origin_address: '192.0.2.44',
      origin_host_header: 'old.acme-outdoor.example',
      origin_protocol_policy: 'http',
      cname: ['old.acme-outdoor.example', 'www.acme-outdoor-shop.test'],
      cdn_cache_settings: 'override',
      cdn_cache_settings_maximum_ttl: HOUR,
    },
    cacheSettings: [
      {
        body: {
          name: 'legacy images 7d',
          browser_cache_settings: true,
          browser_cache_settings_maximum_ttl: 7 * DAY,
          cdn_cache_settings: 'override',
          cdn_cache_settings_maximum_ttl: 7 * DAY,
          cache_by_query_string: 'ignore',
          cache_by_cookies: 'ignore',
        },
      },
    ],
    rules: [
      {
        body: { path: '/', regex: false, protocol_policy: 'http', behavior: 'redirect', redirect_to: 'https://shop.acme-outdoor.example/' },
      },
      {
        body: {
          path: '/catalog/product_info.php',
          regex: false,
          protocol_policy: 'http',
          behavior: 'redirect',
          redirect_to: 'https://shop.acme-outdoor.example/c/all',
        },
      },
      {
        body: { path: '^/images/.*\\.(gif|jpe?g)$', regex: true, protocol_policy: 'http', behavior: 'delivery' },
        cacheSetting: 'legacy images 7d',
      },
      { body: { path: '/admin', regex: false, protocol_policy: 'http', behavior: 'access_denied' } },
    ],
    errorResponses: { cache_error_404: 3600, cache_error_403: 10 },
  },

  // 12. A retired seasonal landing page, kept around but switched off.
  {
    create: {
      name: 'winter sale 2023 landing (retired)',
      origin_address: 'acme-campaigns.storage.example',
      origin_host_header: 'acme-campaigns.storage.example',
      cname: ['winter-sale.acme-outdoor.example'],
      delivery_protocol: 'http,https',
      cdn_cache_settings: 'override',
      cdn_cache_settings_maximum_ttl: 10 * MINUTE,
    },
    patch: { active: false },
    cacheSettings: [
      {
        body: {
          name: 'campaign pages 10m',
          browser_cache_settings: false,
          cdn_cache_settings: 'override',
          cdn_cache_settings_maximum_ttl: 10 * MINUTE,
          cache_by_query_string: 'blacklist',
          query_string_fields: TRACKING_PARAMS,
          cache_by_cookies: 'ignore',
        },
      },
    ],
    rules: [
      {
        body: { path: '/', regex: false, protocol_policy: 'redirect_to_https', behavior: 'delivery', gzip: true },
        cacheSetting: 'campaign pages 10m',
      },
      {
        body: {
          path: '/coupon',
          regex: false,
          protocol_policy: 'redirect_to_https',
          behavior: 'redirect',
          redirect_to: 'https://shop.acme-outdoor.example/c/sale',
        },
      },
    ],
  },
];
