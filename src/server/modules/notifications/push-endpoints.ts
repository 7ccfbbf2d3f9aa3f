import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * The hosts of the push services browsers subscribe with: a subscription endpoint must be on one
 * of them or below it. Chrome and other Chromium browsers (Firebase Cloud Messaging), Firefox
 * (Mozilla autopush), Safari (Apple Push Notification service), Edge on Windows (WNS).
 * PUSH_SERVICE_HOSTS replaces the list (README, Production).
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
  ['::ffff:0:0', 96], // IPv4-mapped: checked again as IPv4 below
  ['64:ff9b::', 96], // NAT64 of any IPv4 address, private ones included
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // old site-local
  ['ff00::', 8], // multicast
  ['fd00:ec2::', 32], // AWS's IPv6 metadata service (inside fc00::/7 already; named for the reader)
] as const)
  refused.addSubnet(network, bits, 'ipv6');

/** An address the server may send a push to (loopback only where the policy allows a local push service). */
export function isSendableAddress(address: string, policy: PushEndpointPolicy): boolean {
  const version = isIP(address);
  if (version === 0) return false;
  if (policy.allowLoopback && isLoopbackHost(address)) return true;
  if (version === 6) {
    const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
    if (mapped?.[1]) return isSendableAddress(mapped[1], policy);
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
