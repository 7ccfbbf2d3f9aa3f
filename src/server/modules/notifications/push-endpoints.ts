import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * The hosts of the push services browsers subscribe with: a subscription endpoint must be on one
 * of them or below it. Chrome and other Chromium browsers (Firebase Cloud Messaging), Firefox
 * (Mozilla autopush), Safari (Apple Push Notification service), Edge on Windows (WNS).
 * PUSH_SERVICE_HOSTS replaces the list (docs/configuration.md, Push services).
 */
export const defaultPushServiceHosts = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
] as const;

/** Where this server may send pushes. */
export interface PushEndpointPolicy {
  /** Host names (lower case): an endpoint's host is one of them or a subdomain of one. */
  hosts: readonly string[];
  /**
   * A local PUBLIC_URL (the demo, the tests): a push service on this machine (http or https on a
   * loopback address) is taken too. Never on a public deployment.
   */
  allowLoopback: boolean;
}

function bareHost(url: URL): string {
  return url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
}

function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || loopback.check(host, isIP(host) === 6 ? 'ipv6' : 'ipv4');
}

/**
 * Whether a customer may subscribe with this endpoint: https on a push service's host (its
 * default port, no user name), or a loopback push service where the policy allows it.
 */
export function isAcceptedEndpoint(endpoint: string, policy: PushEndpointPolicy): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username !== '' || url.password !== '') return false;
  const host = bareHost(url);
  if (policy.allowLoopback && (url.protocol === 'https:' || url.protocol === 'http:') && isIP(host) !== 0 && isLoopbackHost(host))
    return true;
  if (url.protocol !== 'https:' || url.port !== '') return false;
  if (isIP(host) !== 0) return false;
  return policy.hosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** Addresses a push must never reach: this machine, private networks, link-local and cloud metadata, and the like. */
const refused = new BlockList();
for (const [network, bits] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  refused.addSubnet(network, bits, 'ipv4');
for (const [network, bits] of [
  ['::', 128], // unspecified
  ['::1', 128],
  // IPv6 addresses that carry an IPv4 address are judged by it (embeddedIPv4), before this list.
  ['64:ff9b:1::', 48], // local-use NAT64 (RFC 8215): translated inside someone's own network
  ['2001::', 32], // Teredo, whose IPv4 address is hidden (inverted): no push service lives there
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // old site-local
  ['ff00::', 8], // multicast
  ['fd00:ec2::', 32], // AWS's IPv6 metadata service (inside fc00::/7 already; named for the reader)
] as const)
  refused.addSubnet(network, bits, 'ipv6');

/** The 16 bytes of an IPv6 address (one isIP has accepted), whatever its spelling. */
function ipv6Bytes(address: string): number[] {
  let text = address.split('%')[0]!.toLowerCase();
  const dotted = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const zeros = tail === undefined ? [] : Array.from({ length: 8 - headGroups.length - tailGroups.length }, () => '0');
  return [...headGroups, ...zeros, ...tailGroups].flatMap((group) => {
    const value = Number.parseInt(group, 16);
    return [value >> 8, value & 0xff];
  });
}

const startsWith = (bytes: number[], prefix: number[]) => prefix.every((byte, index) => bytes[index] === byte);
const zeroBytes = (count: number) => Array.from({ length: count }, () => 0);

/**
 * The IPv4 address an IPv6 address stands for, where it stands for one: IPv4-mapped (::ffff:a.b.c.d)
 * and IPv4-translated (::ffff:0:a.b.c.d), IPv4-compatible (::a.b.c.d, deprecated but still routed
 * by some stacks), NAT64 (64:ff9b::a.b.c.d) and 6to4 (2002:aabb:ccdd::/48). A connection to such an
 * address reaches that IPv4 host (or its network), so it is allowed only if the IPv4 address is.
 */
function embeddedIPv4(address: string): string | undefined {
  const bytes = ipv6Bytes(address);
  const quad = (from: number) => bytes.slice(from, from + 4).join('.');
  if (startsWith(bytes, [...zeroBytes(10), 0xff, 0xff])) return quad(12);
  if (startsWith(bytes, [...zeroBytes(8), 0xff, 0xff, 0, 0])) return quad(12);
  if (startsWith(bytes, zeroBytes(12))) return quad(12);
  if (startsWith(bytes, [0, 0x64, 0xff, 0x9b, ...zeroBytes(8)])) return quad(12);
  if (startsWith(bytes, [0x20, 0x02])) return quad(2);
  return undefined;
}

/** An address the server may send a push to (loopback only where the policy allows a local push service). */
export function isSendableAddress(address: string, policy: PushEndpointPolicy): boolean {
  const version = isIP(address);
  if (version === 0) return false;
  if (policy.allowLoopback && isLoopbackHost(address)) return true;
  if (version === 6) {
    const carried = embeddedIPv4(address);
    if (carried !== undefined) return isSendableAddress(carried, policy);
  }
  return !refused.check(address, version === 6 ? 'ipv6' : 'ipv4');
}

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Turns a host name into its addresses; injected so that tests never ask a real resolver. */
export type PushResolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: PushResolver = (hostname) => lookup(hostname, { all: true, verbatim: true });

export class RefusedPushAddress extends Error {
  override name = 'RefusedPushAddress';
}

/**
 * The address to connect to for an endpoint: resolved once, every answer checked, and the
 * connection made to that checked address (so a second resolution cannot swap in another). A
 * refused endpoint throws before any connection is tried.
 */
export async function checkedAddress(endpoint: URL, policy: PushEndpointPolicy, resolve: PushResolver): Promise<ResolvedAddress> {
  if (!isAcceptedEndpoint(endpoint.href, policy)) throw new RefusedPushAddress('endpoint not on an allowed push service');
  const host = bareHost(endpoint);
  const version = isIP(host);
  const addresses = version !== 0 ? [{ address: host, family: version }] : await resolve(host);
  if (addresses.length === 0) throw new RefusedPushAddress('no address');
  // One refused answer refuses the host: a name that mixes public and private answers is not a push service's.
  if (!addresses.every((entry) => isSendableAddress(entry.address, policy))) throw new RefusedPushAddress('address not allowed');
  return addresses[0]!;
}
