// Origins (docs/api.md §4.5, docs/origins-and-purge.md): full records in the recorded field order; each
// configuration has its "Default Origin", made with it. Field order = response order.
import { hostHeaderText, idField, nameField, originAddressText, originProtocolPolicy } from './common.js';
import { defineSchema, type StoredRecord } from './derive.js';
import { problem } from './messages.js';
import type { CrossRule, Rec } from './types.js';

const REQUIRED = { create: 'required', put: 'required', patch: true, response: true } as const;
const OPTIONAL = { create: 'optional', put: 'optional', patch: true, response: true } as const;

export const ORIGIN_TYPES = ['single_origin', 'load_balancer'] as const;
/** How a load balancer spreads requests; a single origin has none (""), as the real service records it. */
export const BALANCE_METHODS = ['round_robin', 'least_connections', 'ip_hash'] as const;
export const SERVER_ROLES = ['primary', 'backup'] as const;
export const MAX_ADDRESSES = 20;

/** The keys of one of an origin's addresses, in the recorded order. */
const addressFields = [
  { name: 'address', label: 'address', help: 'IP address or host name of the server.', ...originAddressText, create: 'required' },
  {
    name: 'weight',
    label: 'weight',
    help: "The server's share of a load balancer's requests, 0..10 (none: an equal share).",
    type: 'integer',
    min: 0,
    max: 10,
    nullable: true,
    default: null,
    create: 'optional',
  },
  {
    name: 'server_role',
    label: 'role',
    help: 'A primary server takes requests; a backup only when no primary answers.',
    type: 'enum',
    choices: SERVER_ROLES,
    default: 'primary',
    create: 'optional',
  },
  {
    name: 'is_active',
    label: 'active',
    help: 'An inactive server takes no requests.',
    type: 'boolean',
    default: true,
    create: 'optional',
  },
] as const;

function seconds<const N extends string>(name: N, label: string, help: string, max: number, dflt: number) {
  return { name, label, help, type: 'integer', min: 1, max, unit: 'seconds', default: dflt, ...OPTIONAL } as const;
}

type Address = Readonly<Record<string, unknown>>;

function addressesOf(r: Rec): Address[] {
  return Array.isArray(r.addresses) ? r.addresses.filter((a): a is Address => typeof a === 'object' && a !== null) : [];
}

const addressRules: CrossRule<'addresses' | 'origin_type'> = {
  fields: ['addresses', 'origin_type'],
  check: (r) => {
    const list = addressesOf(r);
    if (r.origin_type === 'single_origin' && list.length > 1) {
      return [['addresses', problem('singleOriginOneAddress', list.length)]];
    }
    if (!list.some((a) => a.server_role === 'primary' && a.is_active === true)) {
      return [['addresses', problem('needsActivePrimary')]];
    }
    return [];
  },
};

export const originSchema = defineSchema({
  kind: 'origin',
  title: 'origin',
  // A single origin has no balancing method: one sent is refused, and a change to single_origin
  // clears it; a load balancer sent without one balances round robin.
  finish: (sent, merged) => {
    if (merged.origin_type === 'load_balancer') {
      if (merged.method === '') merged.method = 'round_robin';
      return [];
    }
    if (typeof sent.method === 'string' && sent.method !== '') {
      return [['method', problem('methodOnlyLoadBalancer')]];
    }
    merged.method = '';
    return [];
  },
  fields: [
    idField,
    nameField('Name of the origin, unique in its configuration.'),
    {
      name: 'origin_path',
      label: 'origin path',
      help: 'Path prefixed to every request sent to the origin ("" for none, else starting with /).',
      type: 'string',
      minLength: 0,
      maxLength: 1000,
      format: 'origin-path',
      spaceAround: 'refused',
      default: '',
      ...OPTIONAL,
    },
    {
      name: 'origin_type',
      label: 'type',
      help: 'One server, or several that share the requests.',
      type: 'enum',
      choices: ORIGIN_TYPES,
      choiceHelp: { single_origin: 'one address', load_balancer: 'several addresses sharing the requests' },
      default: 'single_origin',
      ...OPTIONAL,
    },
    {
      name: 'method',
      label: 'balancing',
      help: 'How a load balancer chooses a server ("" for a single origin).',
      type: 'enum',
      choices: ['', ...BALANCE_METHODS],
      choiceHelp: {
        '': 'none (single origin)',
        round_robin: 'in turn, by weight',
        least_connections: 'the server with the fewest open connections',
        ip_hash: "the same server for the same client's IP",
      },
      default: '',
      appliesWhen: { field: 'origin_type', values: ['load_balancer'] },
      ...OPTIONAL,
    },
    { name: 'host_header', label: 'Host header', ...hostHeaderText, ...REQUIRED },
    { ...originProtocolPolicy, label: 'protocol', ...OPTIONAL },
    {
      name: 'addresses',
      label: 'addresses',
      help: `The servers: 1 for a single origin, up to ${MAX_ADDRESSES} for a load balancer.`,
      type: 'objects',
      items: addressFields,
      minItems: 1,
      maxItems: MAX_ADDRESSES,
      uniqueBy: 'address',
      ...REQUIRED,
    },
    seconds('connection_timeout', 'connect timeout', 'Seconds to wait for a connection to the origin (1..300).', 300, 60),
    seconds('timeout_between_bytes', 'timeout between bytes', 'Longest pause in an answer from the origin (1..3600 s).', 3600, 120),
  ],
  rules: [
    {
      fields: ['name'],
      siblings: true,
      check: (r, ctx) => {
        for (const other of ctx.siblings?.() ?? []) {
          if (other.name === r.name) return [['name', problem('originNameTaken', String(other.id))]];
        }
        return [];
      },
    },
    addressRules,
  ],
});

/** The origin that a configuration's create makes from its write-once origin fields. */
export function defaultOrigin(id: number, configuration: StoredRecord<'configuration'>): StoredRecord<'origin'> {
  return {
    id,
    name: 'Default Origin',
    origin_path: '',
    origin_type: 'single_origin',
    method: '',
    host_header: configuration.origin_host_header,
    origin_protocol_policy: configuration.origin_protocol_policy,
    addresses: [{ address: configuration.origin_address, weight: null, server_role: 'primary', is_active: true }],
    connection_timeout: 60,
    timeout_between_bytes: 120,
  };
}
