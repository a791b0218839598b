// The configuration (docs/api.md §4.1). Field order = response order; write-once create fields come last.
import {
  booleanField,
  cdnCacheField,
  cdnCacheProductRule,
  hasProduct,
  holderOf,
  hostHeaderText,
  idField,
  nameField,
  optionalIdField,
  originAddressText,
  originProtocolPolicy,
  ttlField,
} from './common.js';
import { problem } from './messages.js';
import type { Rec } from './types.js';
import { defineSchema } from './derive.js';

const PUTPATCH = { put: 'optional', patch: true, response: true } as const;

export const configurationSchema = defineSchema({
  kind: 'configuration',
  title: 'configuration',
  fields: [
    idField,
    nameField('Name of the configuration, unique in the account.'),
    {
      name: 'domain_name',
      label: 'domain',
      help: "Generated host name on the platform's delivery domain; fixed for the configuration's life.",
      type: 'string',
      minLength: 1,
      maxLength: 253,
      readOnly: true,
      response: true,
    },
    booleanField('active', 'active', 'Whether the configuration delivers content.', { default: true, ...PUTPATCH }),
    {
      name: 'delivery_protocol',
      label: 'delivery protocol',
      help: 'Protocols served to end users.',
      type: 'enum',
      choices: ['http', 'http,https'],
      default: 'http',
      create: 'optional',
      ...PUTPATCH,
    },
    optionalIdField(
      'digital_certificate',
      'certificate',
      "Id of a custom SSL certificate for https; none: the platform's shared certificate.",
      {
        create: 'optional',
        ...PUTPATCH,
      },
    ),
    booleanField('cname_access_only', 'cname access only', "Deliver only through the cnames, not the platform's default domain.", {
      create: 'optional',
      ...PUTPATCH,
    }),
    booleanField('rawlogs', 'raw logs', 'Write logs to object storage (raw logs product).', PUTPATCH),
    {
      name: 'cname',
      label: 'cnames',
      help: 'Domains of the site (a leading *. is allowed); each belongs to one configuration only.',
      type: 'list',
      maxItems: 50,
      itemMaxLength: 253,
      itemFormat: 'cname',
      lowercase: true,
      default: [],
      create: 'optional',
      ...PUTPATCH,
    },
    // Write-once through create; never returned (docs/api.md §4.1).
    {
      name: 'origin_address',
      label: 'origin address',
      help: 'IP address or host name of the origin.',
      ...originAddressText,
      create: 'required',
    },
    { name: 'origin_host_header', label: 'origin Host header', ...hostHeaderText, create: 'required' },
    { ...originProtocolPolicy, label: 'origin protocol', create: 'optional' },
    booleanField('browser_cache_settings', 'browser cache', 'Use the browser maximum TTL instead of the origin headers.', {
      create: 'optional',
    }),
    ttlField('browser_cache_settings_maximum_ttl', 'browser TTL', 'Browser cache TTL, used when browser cache is on.', {
      create: 'optional',
    }),
    cdnCacheField({ default: 'honor', create: 'optional' }),
    ttlField('cdn_cache_settings_maximum_ttl', 'CDN TTL', 'CDN cache TTL, used with "override".', { create: 'optional' }),
  ],
  rules: [
    {
      fields: ['name'],
      siblings: true,
      check: (r, ctx) => {
        const other = typeof r.name === 'string' ? holderOf(ctx, 'name', r.name) : undefined;
        return other ? [['name', problem('configurationNameTaken', String(r.name), String(other.id))]] : [];
      },
    },
    {
      fields: ['cname'],
      siblings: true,
      check: (r, ctx) =>
        cnames(r).flatMap((c) => {
          const other = holderOf(ctx, 'cname', c);
          return other ? [['cname', problem('cnameTaken', c, String(other.id), String(other.name))] as const] : [];
        }),
    },
    {
      fields: ['cname_access_only', 'cname'],
      check: (r) =>
        r.cname_access_only === true && cnames(r).length === 0 ? [['cname_access_only', problem('cnameAccessNeedsCname')]] : [],
    },
    cdnCacheProductRule,
    {
      fields: ['rawlogs'],
      check: (r, ctx) => (r.rawlogs === true && !hasProduct(ctx, 'raw_logs') ? [['rawlogs', problem('rawlogsProduct')]] : []),
    },
  ],
});

/** The merged record's cnames (the validator has checked each, or filled the default: none). */
function cnames(r: Rec): string[] {
  return Array.isArray(r.cname) ? r.cname.filter((c) => typeof c === 'string') : [];
}
