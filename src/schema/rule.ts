// A rules engine rule (docs/api.md §4.2). Field order = response order.
import { booleanField, hasProduct, idField, optionalIdField } from './common.js';
import { regexProblem } from './formats.js';
import { problem } from './messages.js';
import { defineSchema } from './derive.js';

const REQUIRED = { create: 'required', put: 'required', patch: true, response: true } as const;
const OPTIONAL = { create: 'optional', put: 'optional', patch: true, response: true } as const;

export const ruleSchema = defineSchema({
  kind: 'rule',
  title: 'rule',
  putEchoesSentFields: true,
  // A non-empty redirect_to sent with another behavior is refused; otherwise it is cleared (docs/api.md §4.2).
  finish: (sent, merged) => {
    if (merged.behavior === 'redirect') return [];
    if (typeof sent.redirect_to === 'string' && sent.redirect_to !== '') {
      return [['redirect_to', problem('redirectOnly')]];
    }
    merged.redirect_to = '';
    return [];
  },
  fields: [
    idField,
    {
      name: 'path',
      label: 'path',
      help: 'Path the rule applies to; a regular expression when regex is on.',
      type: 'string',
      minLength: 1,
      maxLength: 1000,
      format: 'path',
      spaceAround: 'refused',
      ...REQUIRED,
    },
    booleanField('regex', 'regex', 'The path is an ECMAScript regular expression.', { default: undefined, ...REQUIRED }),
    {
      name: 'protocol_policy',
      label: 'protocol policy',
      help: 'Protocols accepted on this path.',
      type: 'enum',
      choices: ['http', 'http,https', 'redirect_to_https'],
      choiceHelp: { http: 'http only', 'http,https': 'http and https', redirect_to_https: '301 from http to https' },
      ...REQUIRED,
    },
    {
      name: 'behavior',
      label: 'behavior',
      help: 'What the CDN does with requests on this path.',
      type: 'enum',
      choices: ['delivery', 'redirect', 'access_denied', 'acceleration', 'image_optimization'],
      choiceHelp: {
        delivery: 'proxy and cache',
        redirect: '301 to the redirect URL',
        access_denied: 'block with 403',
        acceleration: 'application acceleration product',
        image_optimization: 'optimise or transform images',
      },
      ...REQUIRED,
    },
    {
      name: 'path_origin_id',
      label: 'origin',
      help: 'The origin of this configuration that serves the path.',
      type: 'integer',
      min: 1,
      max: Number.MAX_SAFE_INTEGER,
      ref: 'origin',
      ...REQUIRED,
    },
    booleanField('gzip', 'gzip', 'Compress responses with gzip.', OPTIONAL),
    {
      name: 'redirect_to',
      label: 'redirect to',
      help: 'Destination URL of a redirect rule; empty for other behaviors.',
      type: 'string',
      minLength: 1,
      maxLength: 2048,
      allowEmpty: true,
      format: 'http-url',
      spaceAround: 'refused',
      default: '',
      appliesWhen: { field: 'behavior', values: ['redirect'] },
      ...OPTIONAL,
    },
    {
      name: 'forward_cookies',
      label: 'forward cookies',
      help: 'For acceleration: forward cookies to the origin or filter them.',
      type: 'enum',
      choices: ['all', 'none'],
      choiceHelp: { all: 'forward cookies to the origin', none: 'filter them' },
      default: 'all',
      appliesWhen: { field: 'behavior', values: ['acceleration'] },
      ...OPTIONAL,
    },
    optionalIdField('waf_rule_set_id', 'WAF rule set', 'Id of a WAF rule set; none: no WAF on this path.', OPTIONAL),
    optionalIdField('edge_firewall_id', 'edge firewall', 'Id of an edge firewall rule set; none: no firewall.', OPTIONAL),
    optionalIdField('cache_settings_id', 'cache setting', "Cache setting of this configuration; none: follow the origin's headers.", {
      ref: 'cache_setting',
      max: Number.MAX_SAFE_INTEGER,
      ...OPTIONAL,
    }),
  ],
  rules: [
    {
      fields: ['path', 'regex'],
      check: (r) => {
        const path = r.path;
        if (typeof path !== 'string') return []; // checked as a string when sent; absent only from a partial stored record
        if (r.regex === true) {
          const problem = regexProblem(path);
          return problem ? [['path', problem]] : [];
        }
        return path.startsWith('/') ? [] : [['path', problem('pathNeedsSlash')]];
      },
    },
    {
      fields: ['path', 'regex'],
      siblings: true,
      check: (r, ctx) => {
        for (const other of ctx.siblings?.() ?? []) {
          if (other.path === r.path && other.regex === r.regex) {
            return [['path', problem('pathTaken', String(other.id), r.regex === true)]];
          }
        }
        return [];
      },
    },
    {
      fields: ['behavior', 'redirect_to'],
      check: (r) => (r.behavior === 'redirect' && r.redirect_to === '' ? [['redirect_to', problem('redirectNeeded')]] : []),
    },
    {
      fields: ['behavior'],
      check: (r, ctx) =>
        r.behavior === 'acceleration' && !hasProduct(ctx, 'application_acceleration')
          ? [['behavior', problem('needsProduct', 'acceleration', 'application_acceleration')]]
          : [],
    },
  ],
});
