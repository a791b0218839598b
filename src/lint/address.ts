// Origin addresses the CDN's edge cannot reach: its servers are on the internet, so an address that
// only means something inside a network (loopback, private ranges, link-local) or means no host at
// all (unspecified) takes the site down though the API accepts it as a valid IP address.
import { BlockList, isIP } from 'node:net';

type Reach = 'a loopback address' | 'a private-range address' | 'a link-local address' | 'an unspecified address';

const RANGES: ReadonlyArray<readonly [Reach, string, number, 'ipv4' | 'ipv6']> = [
  ['a loopback address', '127.0.0.0', 8, 'ipv4'],
  ['a loopback address', '::1', 128, 'ipv6'],
  ['a private-range address', '10.0.0.0', 8, 'ipv4'],
  ['a private-range address', '172.16.0.0', 12, 'ipv4'],
  ['a private-range address', '192.168.0.0', 16, 'ipv4'],
  ['a private-range address', '100.64.0.0', 10, 'ipv4'], // carrier-grade NAT
  ['a private-range address', 'fc00::', 7, 'ipv6'], // unique local
  ['a link-local address', '169.254.0.0', 16, 'ipv4'],
  ['a link-local address', 'fe80::', 10, 'ipv6'],
  ['an unspecified address', '0.0.0.0', 32, 'ipv4'],
  ['an unspecified address', '::', 128, 'ipv6'],
];

let lists: ReadonlyArray<readonly [Reach, BlockList]> | undefined;

/**
 * One block list per kind of address, made at the first check. A BlockList matches an IPv4-mapped
 * IPv6 address (::ffff:10.0.0.1, ::ffff:a00:1) against its IPv4 ranges too.
 */
function blockLists(): ReadonlyArray<readonly [Reach, BlockList]> {
  if (lists) return lists;
  const made = new Map<Reach, BlockList>();
  for (const [reach, network, prefix, family] of RANGES) {
    const list = made.get(reach) ?? new BlockList();
    list.addSubnet(network, prefix, family);
    made.set(reach, list);
  }
  lists = [...made];
  return lists;
}

/** What kind of unreachable address `address` is (`a private-range address`), or undefined when the edge may reach it. */
export function unreachable(address: string): string | undefined {
  // A file may write an IPv6 address in brackets, or with a zone (fe80::1%eth0): the address is the same.
  const bare = address.trim().replace(/^\[(.*)\]$/, '$1');
  const ip = bare.replace(/%[^%]*$/, '');
  const family = isIP(ip);
  if (family === 0) {
    const host = bare.toLowerCase().replace(/\.$/, '');
    return host === 'localhost' || host.endsWith('.localhost') ? 'a loopback host name' : undefined;
  }
  const type = family === 4 ? 'ipv4' : 'ipv6';
  return blockLists().find(([, list]) => list.check(ip, type))?.[0];
}
