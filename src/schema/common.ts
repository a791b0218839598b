// Field shapes that several resources share (docs/api.md §4: TTLs, names, ids, product rules). The
// helpers are generic in the field name and in their extra settings, so a schema built from them
// keeps each field's literal type (see derive.ts).
import { problem } from './messages.js';
import type { BooleanField, CrossRule, EnumField, IntegerField, Product, Rec, StringField, ValidationContext } from './types.js';

export const MAX_TTL = 31_536_000;
/** Ids of other systems (certificates, WAF rule sets): positive integers, no other bound in the contract. */
export const MAX_ID = Number.MAX_SAFE_INTEGER;

/** Settings a helper's caller may add; the name, type and nullability are the helper's. */
export type Extra<T> = Omit<Partial<T>, 'name' | 'label' | 'help' | 'type' | 'nullable'>;

export const idField = {
  name: 'id',
  label: 'id',
  help: 'Assigned by the server.',
  type: 'integer',
  min: 1,
  max: Number.MAX_SAFE_INTEGER,
  readOnly: true,
  response: true,
} as const satisfies IntegerField;

export function nameField(help: string) {
  return {
    name: 'name',
    label: 'name',
    help,
    type: 'string',
    minLength: 1,
    maxLength: 250,
    spaceAround: 'trimmed',
    create: 'required',
    put: 'required',
    patch: true,
    response: true,
  } as const satisfies StringField;
}

export function ttlField<const N extends string, const X extends Extra<IntegerField>>(
  name: N,
  label: string,
  help: string,
  extra: X,
): IntegerField & { readonly name: N } & X {
  return { name, label, help, type: 'integer', min: 0, max: MAX_TTL, unit: 'seconds', default: 0, ...extra };
}

export function optionalIdField<const N extends string, const X extends Extra<IntegerField>>(
  name: N,
  label: string,
  help: string,
  extra: X,
): IntegerField & { readonly name: N; readonly nullable: true } & X {
  return { name, label, help, type: 'integer', min: 1, max: MAX_ID, nullable: true, default: null, ...extra };
}

export function booleanField<const N extends string, const X extends Extra<BooleanField>>(
  name: N,
  label: string,
  help: string,
  extra: X,
): BooleanField & { readonly name: N } & X {
  return { name, label, help, type: 'boolean', default: false, ...extra };
}

/** An origin server's address (a configuration's `origin_address`, each of an origin's addresses). */
export const originAddressText = {
  type: 'string',
  minLength: 1,
  maxLength: 253,
  spaceAround: 'trimmed',
  format: 'origin-address',
} as const;

/** The Host header sent to the origin (a configuration's `origin_host_header`, an origin's `host_header`). */
export const hostHeaderText = {
  help: 'Value of the Host header sent to the origin.',
  type: 'string',
  minLength: 1,
  maxLength: 255,
  format: 'header-value',
  spaceAround: 'refused',
} as const;

/** `origin_protocol_policy`, of a configuration and of an origin. */
export const originProtocolPolicy = {
  name: 'origin_protocol_policy',
  help: 'Scheme used towards the origin.',
  type: 'enum',
  choices: ['preserve', 'http', 'https'],
  choiceHelp: { preserve: 'the scheme the end user used', http: 'always http', https: 'always https' },
  default: 'preserve',
} as const;

export const CDN_CACHE_CHOICES = ['honor', 'override', 'bypass'] as const;

export function cdnCacheField<const X extends Omit<Extra<EnumField>, 'choices'>>(
  extra: X,
): EnumField & { readonly name: 'cdn_cache_settings'; readonly choices: typeof CDN_CACHE_CHOICES } & X {
  return {
    name: 'cdn_cache_settings',
    label: 'CDN cache',
    help: 'How the CDN caches: honor the origin, override with a TTL, or bypass the cache.',
    type: 'enum',
    choices: CDN_CACHE_CHOICES,
    choiceHelp: {
      honor: "respect the origin's cache headers",
      override: 'use the CDN maximum TTL',
      bypass: 'ignore the cache (application acceleration product)',
    },
    ...extra,
  };
}

export function hasProduct(ctx: ValidationContext, product: Product): boolean {
  return ctx.products.has(product);
}

/** `bypass` needs application acceleration; `override` needs a TTL of at least 60 s without it. */
export const cdnCacheProductRule: CrossRule<'cdn_cache_settings' | 'cdn_cache_settings_maximum_ttl'> = {
  fields: ['cdn_cache_settings', 'cdn_cache_settings_maximum_ttl'],
  check: (r, ctx) => {
    if (hasProduct(ctx, 'application_acceleration')) return [];
    if (r.cdn_cache_settings === 'bypass') {
      return [['cdn_cache_settings', problem('needsProduct', 'bypass', 'application_acceleration')]];
    }
    if (
      r.cdn_cache_settings === 'override' &&
      typeof r.cdn_cache_settings_maximum_ttl === 'number' &&
      r.cdn_cache_settings_maximum_ttl < 60
    ) {
      return [['cdn_cache_settings_maximum_ttl', problem('overrideMinTtl')]];
    }
    return [];
  },
};

/** The sibling holding `value` in `field` (a string, or a list of strings), by index when the context has one. */
export function holderOf(ctx: ValidationContext, field: string, value: string): Rec | undefined {
  if (ctx.holderOf) return ctx.holderOf(field, value);
  for (const other of ctx.siblings?.() ?? []) {
    const v = other[field];
    if (v === value || (Array.isArray(v) && v.includes(value))) return other;
  }
  return undefined;
}
