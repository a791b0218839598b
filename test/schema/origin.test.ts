// The origin schema (docs/api.md §4.5, docs/origins-and-purge.md): the recorded create body, defaults,
// the addresses' checks and the single-origin / load-balancer rules, as the emulator and the app see them.
import { describe, expect, it } from 'vitest';
import { originSchema, validateWrite, type Rec } from '../../src/schema/index.js';
import { RECORDED_ORIGIN } from '../helpers/fixtures.js';

const ctx = (siblings: Rec[] = []) => ({ products: new Set<never>(), siblings: () => siblings });

const RECORDED = RECORDED_ORIGIN;

function create(body: Rec, siblings: Rec[] = []) {
  return validateWrite(originSchema, 'create', body, undefined, ctx(siblings));
}

function errorsOf(r: ReturnType<typeof create>): Record<string, string[]> {
  if (r.ok || !('errors' in r)) throw new Error(`expected field errors, got ${JSON.stringify(r)}`);
  return r.errors;
}

describe('origin schema', () => {
  it('takes the recorded create body and fills the rest: method "", origin_path "", address defaults', () => {
    const r = create(RECORDED);
    expect(r.ok && r.record).toEqual({
      ...RECORDED,
      origin_path: '',
      method: '',
      addresses: [{ address: 'www.myorigin.com', weight: null, server_role: 'primary', is_active: true }],
    });
  });

  it('lists the fields in the recorded order', () => {
    expect(originSchema.fields.map((f) => f.name)).toEqual([
      'id',
      'name',
      'origin_path',
      'origin_type',
      'method',
      'host_header',
      'origin_protocol_policy',
      'addresses',
      'connection_timeout',
      'timeout_between_bytes',
    ]);
  });

  it('needs a name unique in the configuration, a host header and addresses', () => {
    expect(errorsOf(create({ ...RECORDED, name: 'Default Origin' }, [{ id: 7, name: 'Default Origin' }]))).toEqual({
      name: ['Origin 7 already has this name.'],
    });
    expect(Object.keys(errorsOf(create({ name: 'x' })))).toEqual(['host_header', 'addresses']);
  });

  it('checks each address like origin_address, its weight 0..10 or null, its role and is_active', () => {
    const errors = errorsOf(
      create({
        ...RECORDED,
        origin_type: 'load_balancer',
        addresses: [
          { address: 'nohost', weight: 11 },
          { address: '192.0.2.1', server_role: 'leader', is_active: 'yes' },
          { address: '192.0.2.1', port: 80 },
          'x',
          { weight: 1 },
        ],
      }),
    );
    expect(errors.addresses).toEqual([
      'Item 1: address: "nohost" is not a valid IP address or host name.',
      'Item 1: weight: Ensure this value is less than or equal to 10.',
      'Item 2: server_role: "leader" is not a valid choice.',
      'Item 2: is_active: Must be a valid boolean.',
      "Item 3: there are some unknown fields: ['port']",
      'Item 3: "192.0.2.1" is listed twice.',
      'Item 4: expected a dictionary but got str.',
      'Item 5: address: This field is required.',
    ]);
    expect(errorsOf(create({ ...RECORDED, addresses: [] })).addresses).toEqual(['Ensure this field has at least 1 element.']);
    expect(errorsOf(create({ ...RECORDED, addresses: {} })).addresses).toEqual(['Expected a list of items but got type "dict".']);
  });

  it('a single origin has one address; every origin needs an active primary', () => {
    const two = [{ address: 'a.example' }, { address: 'b.example', server_role: 'backup' }];
    expect(errorsOf(create({ ...RECORDED, addresses: two })).addresses).toEqual([
      'A single_origin has one address (2 sent): make it a load_balancer for more.',
    ]);
    const r = create({ ...RECORDED, origin_type: 'load_balancer', addresses: two });
    expect(r.ok && r.record.method).toBe('round_robin');
    const backups = [
      { address: 'a.example', server_role: 'backup' },
      { address: 'b.example', is_active: false },
    ];
    expect(errorsOf(create({ ...RECORDED, origin_type: 'load_balancer', addresses: backups })).addresses).toEqual([
      'Needs at least one active primary address.',
    ]);
  });

  it('a method only for a load balancer; going back to single_origin clears it', () => {
    expect(errorsOf(create({ ...RECORDED, method: 'ip_hash' })).method).toEqual([
      'Only a load_balancer has a method: send "" or leave it out.',
    ]);
    const lb = create({ ...RECORDED, origin_type: 'load_balancer', method: 'ip_hash' });
    expect(lb.ok && lb.record.method).toBe('ip_hash');
    if (!lb.ok) return;
    const back = validateWrite(originSchema, 'patch', { origin_type: 'single_origin' }, { id: 3, ...lb.record }, ctx());
    expect(back.ok && back.record.method).toBe('');
  });

  it('origin_path is "" or starts with /; timeouts are 1..300 and 1..3600 seconds', () => {
    expect(errorsOf(create({ ...RECORDED, origin_path: 'media' })).origin_path).toEqual([
      'Must be empty or start with / (no white space or control characters).',
    ]);
    expect(create({ ...RECORDED, origin_path: '/media' }).ok).toBe(true);
    const errors = errorsOf(create({ ...RECORDED, connection_timeout: 0, timeout_between_bytes: 3601 }));
    expect(errors).toEqual({
      connection_timeout: ['Ensure this value is greater than or equal to 1.'],
      timeout_between_bytes: ['Ensure this value is less than or equal to 3600.'],
    });
  });
});
