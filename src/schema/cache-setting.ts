// A cache setting (docs/api.md §4.3). Field order = response order.
import { booleanField, cdnCacheField, cdnCacheProductRule, idField, nameField, ttlField } from './common.js';
import { defineSchema } from './derive.js';
import { problem } from './messages.js';
import type { CrossRule, EnumField, ListField } from './types.js';

const REQUIRED = { create: 'required', put: 'required', patch: true, response: true } as const;
const OPTIONAL = { create: 'optional', put: 'optional', patch: true, response: true } as const;

const VARY_CHOICES = ['ignore', 'whitelist', 'blacklist', 'all'] as const;

function varyField<const N extends string>(
  name: N,
  label: string,
  what: string,
): EnumField & { readonly name: N; readonly choices: typeof VARY_CHOICES } & typeof REQUIRED {
  return {
    name,
    label,
    help: `How cached content varies by ${what}.`,
    type: 'enum',
    choices: VARY_CHOICES,
    choiceHelp: {
      ignore: `does not vary by ${what}`,
      whitelist: 'varies only by the listed names',
      blacklist: 'varies by all but the listed names',
      all: `varies by all ${what}`,
    },
    ...REQUIRED,
  };
}

function namesField<const N extends string>(
  name: N,
  label: string,
  what: string,
  mode: string,
): ListField & { readonly name: N; readonly nullable: true } & typeof OPTIONAL {
  return {
    name,
    label,
    help: `${what} names used by whitelist or blacklist.`,
    type: 'list',
    maxItems: 100,
    nullable: true,
    default: null,
    appliesWhen: { field: mode, values: ['whitelist', 'blacklist'] },
    ...OPTIONAL,
  };
}

function listNeededRule<const E extends string, const L extends string>(enumName: E, listName: L): CrossRule<E | L> {
  return {
    fields: [enumName, listName],
    check: (r) => {
      const mode = r[enumName];
      const list = r[listName];
      return (mode === 'whitelist' || mode === 'blacklist') && (list === null || (Array.isArray(list) && list.length === 0))
        ? [[listName, problem('listNeeded', String(mode), enumName)]]
        : [];
    },
  };
}

export const cacheSettingSchema = defineSchema({
  kind: 'cache_setting',
  title: 'cache setting',
  fields: [
    idField,
    nameField('Name of the cache setting, unique in its configuration.'),
    booleanField('browser_cache_settings', 'browser cache', "true: set a browser TTL; false: pass the origin's headers.", {
      default: undefined,
      ...REQUIRED,
    }),
    ttlField('browser_cache_settings_maximum_ttl', 'browser TTL', 'Browser cache TTL, used when browser cache is on.', {
      ...OPTIONAL,
      appliesWhen: { field: 'browser_cache_settings', values: [true] },
    }),
    cdnCacheField(REQUIRED),
    ttlField('cdn_cache_settings_maximum_ttl', 'CDN TTL', 'CDN cache TTL, used with "override".', {
      ...OPTIONAL,
      appliesWhen: { field: 'cdn_cache_settings', values: ['override'] },
    }),
    varyField('cache_by_query_string', 'vary by query', 'query string fields'),
    namesField('query_string_fields', 'query fields', 'Query string field', 'cache_by_query_string'),
    booleanField('enable_query_string_sort', 'sort query', 'Sort query string fields before caching.', OPTIONAL),
    varyField('cache_by_cookies', 'vary by cookies', 'cookies'),
    namesField('cookie_names', 'cookies', 'Cookie', 'cache_by_cookies'),
  ],
  rules: [
    {
      fields: ['name'],
      siblings: true,
      check: (r, ctx) => {
        for (const other of ctx.siblings?.() ?? []) {
          if (other.name === r.name) return [['name', problem('cacheNameTaken', String(other.id))]];
        }
        return [];
      },
    },
    listNeededRule('cache_by_query_string', 'query_string_fields'),
    listNeededRule('cache_by_cookies', 'cookie_names'),
    cdnCacheProductRule,
  ],
});
