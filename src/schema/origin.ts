// Origins (API.md §4.5): read-only records; each configuration has its "Default Origin".
import { idField } from './common.js';
import { defineSchema, type StoredRecord } from './derive.js';

const SHOWN = { help: '', response: true, readOnly: true } as const;

function shownText<const N extends string>(name: N, label: string) {
  return { name, label, ...SHOWN, type: 'string', minLength: 0, maxLength: 1000 } as const;
}

function shownNumber<const N extends string>(name: N, label: string) {
  return { name, label, ...SHOWN, type: 'integer', min: 0, max: Number.MAX_SAFE_INTEGER } as const;
}

function shownData<const N extends string>(name: N, label: string) {
  return { name, label, ...SHOWN, type: 'json' } as const;
}

export const originSchema = defineSchema({
  kind: 'origin',
  title: 'origin',
  fields: [
    idField,
    shownText('name', 'name'),
    shownText('origin_type', 'type'),
    shownText('host_header', 'Host header'),
    shownText('origin_protocol_policy', 'protocol'),
    shownData('addresses', 'addresses'),
    shownText('origin_path', 'path'),
    shownNumber('connection_timeout', 'connect timeout'),
    shownNumber('timeout_between_bytes', 'timeout between bytes'),
  ],
  rules: [],
});

/** The origin that a configuration's create makes from its write-once origin fields. */
export function defaultOrigin(id: number, configuration: StoredRecord<'configuration'>): StoredRecord<'origin'> {
  return {
    id,
    name: 'Default Origin',
    origin_type: 'single_origin',
    host_header: configuration.origin_host_header,
    origin_protocol_policy: configuration.origin_protocol_policy,
    addresses: [{ address: configuration.origin_address, weight: null, server_role: 'primary', is_active: true }],
    origin_path: '',
    connection_timeout: 60,
    timeout_between_bytes: 120,
  };
}
