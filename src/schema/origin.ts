// Origins (API.md §4.5): read-only records; each configuration has its "Default Origin".
import { idField } from './common.js';
import type { FieldSpec, Rec, ResourceSchema } from './types.js';

function shown(name: string, label: string, type: 'string' | 'json' | 'integer'): FieldSpec {
  const base = { name, label, help: '', response: true, readOnly: true };
  if (type === 'string') return { ...base, type, minLength: 0, maxLength: 1000 };
  if (type === 'integer') return { ...base, type, min: 0, max: Number.MAX_SAFE_INTEGER };
  return { ...base, type };
}

export const originSchema: ResourceSchema = {
  kind: 'origin',
  title: 'origin',
  fields: [
    idField,
    shown('name', 'name', 'string'),
    shown('origin_type', 'type', 'string'),
    shown('host_header', 'Host header', 'string'),
    shown('origin_protocol_policy', 'protocol', 'string'),
    shown('addresses', 'addresses', 'json'),
    shown('origin_path', 'path', 'string'),
    shown('connection_timeout', 'connect timeout', 'integer'),
    shown('timeout_between_bytes', 'timeout between bytes', 'integer'),
  ],
  rules: [],
};

/** The origin that a configuration's create makes from its write-once origin fields. */
export function defaultOrigin(id: number, configuration: Rec): Rec {
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
