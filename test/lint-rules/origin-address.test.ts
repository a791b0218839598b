// origin_unreachable_address: loopback, private-range, link-local and unspecified addresses (IPv4,
// IPv6, IPv4-mapped IPv6, localhost names) in each of an origin's addresses; public ones and names
// that only look alike stay quiet.
import { describe, expect, it } from 'vitest';
import { lintRecord } from '../../src/lint/index.js';

const origin = (...addresses: unknown[]) => ({ id: 3, name: 'Default Origin', origin_type: 'load_balancer', addresses });
const messages = (...addresses: unknown[]) => lintRecord('origin', origin(...addresses), {}).map((f) => f.message);
const what = (address: string) => /is (an? [a-z -]+):/.exec(messages({ address })[0] ?? '')?.[1];

describe('origin_unreachable_address', () => {
  it.each([
    ['127.0.0.1', 'a loopback address'],
    ['127.255.3.4', 'a loopback address'],
    ['::1', 'a loopback address'],
    ['localhost', 'a loopback host name'],
    ['LocalHost.', 'a loopback host name'],
    ['api.localhost', 'a loopback host name'],
    ['10.0.0.5', 'a private-range address'],
    ['172.16.0.1', 'a private-range address'],
    ['172.31.255.255', 'a private-range address'],
    ['192.168.0.10', 'a private-range address'],
    ['100.64.0.1', 'a private-range address'],
    ['100.127.255.254', 'a private-range address'],
    ['fc00::1', 'a private-range address'],
    ['fd12:3456::9', 'a private-range address'],
    ['169.254.169.254', 'a link-local address'],
    ['fe80::1', 'a link-local address'],
    ['fe80::1%eth0', 'a link-local address'],
    ['febf::1', 'a link-local address'],
    ['0.0.0.0', 'an unspecified address'],
    ['::', 'an unspecified address'],
    ['::ffff:10.0.0.1', 'a private-range address'],
    ['::ffff:a00:1', 'a private-range address'],
    ['::ffff:127.0.0.1', 'a loopback address'],
    ['[::1]', 'a loopback address'],
    [' 10.1.2.3 ', 'a private-range address'],
  ])('%s is %s', (address, kind) => {
    expect(what(address)).toBe(kind);
  });

  it.each([
    '8.8.8.8',
    '172.15.255.255',
    '172.32.0.1',
    '192.169.0.1',
    '100.63.255.255',
    '100.128.0.1',
    '169.255.0.1',
    '11.0.0.1',
    '2001:db8::1',
    'fec0::1',
    '::ffff:8.8.8.8',
    '1.0.0.0',
    'origin.example.com',
    'localhost.example.com',
    'mylocalhost',
    'localhost-api.example',
    '',
  ])('%j is left alone', (address) => {
    expect(messages({ address })).toEqual([]);
  });

  it('one finding per bad address, each named, under addresses; inactive and backup ones too', () => {
    const found = lintRecord(
      'origin',
      origin({ address: '10.0.0.5', is_active: false }, { address: 'www.example.com' }, { address: '::1', server_role: 'backup' }),
      {},
    );
    expect(found).toEqual([
      {
        code: 'origin_unreachable_address',
        kind: 'origin',
        id: 3,
        field: 'addresses',
        message: '"10.0.0.5" is a private-range address: the edge cannot reach it.',
      },
      {
        code: 'origin_unreachable_address',
        kind: 'origin',
        id: 3,
        field: 'addresses',
        message: '"::1" is a loopback address: the edge cannot reach it.',
      },
    ]);
  });

  it('addresses of the wrong shape (from a file) are skipped, never thrown on', () => {
    expect(messages(null, 7, 'x', { address: 5 }, { address: null }, [])).toEqual([]);
    expect(lintRecord('origin', { id: 3, addresses: '10.0.0.1' }, {})).toEqual([]);
    expect(lintRecord('origin', { id: 3 }, {})).toEqual([]);
  });
});
