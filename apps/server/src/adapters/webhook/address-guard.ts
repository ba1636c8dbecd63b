import { isIP } from 'node:net';
import dns from 'node:dns';
import ipaddr from 'ipaddr.js';

/**
 * A webhook may reach only global-unicast addresses (SSRF). ipaddr.js names every special-purpose range
 * (IANA registries); anything it does not call plain `unicast` is refused: loopback, private, link-local,
 * CGNAT, reserved and documentation ranges, multicast, 100::/64 discard, Teredo, ORCHID, benchmarking…
 * IPv6 must also lie in 2000::/3, which refuses the IPv4-compatible ::/96 (::127.0.0.1, ::7f00:1) that
 * ipaddr.js counts as unicast.
 */
const globalUnicastV6 = ipaddr.parseCIDR('2000::/3');

/**
 * Translation forms carry an IPv4 address and reach it: IPv4-mapped ::ffff:0:0/96, SIIT ::ffff:0:0:0/96,
 * NAT64 64:ff9b::/96 and 64:ff9b:1::/48, and 6to4 2002::/16 (the IPv4 in bits 16-47). They are judged by
 * that IPv4, whatever the notation, so ::ffff:7f00:1 and 2002:7f00:1:: are loopback.
 */
function embeddedIpv4(ip: ipaddr.IPv6): ipaddr.IPv4 | null {
  const p = ip.parts;
  const v4 = (hi: number, lo: number) => new ipaddr.IPv4([hi >> 8, hi & 255, lo >> 8, lo & 255]);
  switch (ip.range()) {
    case 'ipv4Mapped':
    case 'rfc6145':
    case 'rfc6052':
      return v4(p[6], p[7]);
    case '6to4':
      return v4(p[1], p[2]);
    default:
      return null;
  }
}

function isGlobalIpv4(ip: ipaddr.IPv4): boolean {
  return ip.range() === 'unicast';
}

function isGlobalIpv6(ip: ipaddr.IPv6): boolean {
  const v4 = embeddedIpv4(ip);
  if (v4) return isGlobalIpv4(v4);
  return ip.range() === 'unicast' && ip.match(globalUnicastV6);
}

/** isPrivateAddress: true for any address a webhook must not be sent to (and for anything that is not an IP). */
export function isPrivateAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  // isIP first: ipaddr.js alone would also take legacy forms like 0x7f.1 that URL parsing has normalised anyway.
  const family = isIP(ip);
  if (family === 0) return true;
  if (family === 4) return !isGlobalIpv4(ipaddr.IPv4.parse(ip));
  // Canonical hex form first (WHATWG URL serialisation): ipaddr.js reads the dotted ::a.b.c.d as IPv4-mapped, not ::/96.
  return !isGlobalIpv6(ipaddr.IPv6.parse(new URL(`http://[${ip}]/`).hostname.slice(1, -1)));
}

export class UnsafeAddressError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnsafeAddressError';
  }
}

const PRIVATE_MESSAGE = '回调地址不能指向本机、内网或保留地址';

/**
 * assertPublicUrl resolves the callback's host and refuses it when any address is private. Delivery checks
 * again on every connection (guardedLookup), since DNS may answer differently later (rebinding).
 */
export async function assertPublicUrl(url: string): Promise<void> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    if (isPrivateAddress(host)) throw new UnsafeAddressError(PRIVATE_MESSAGE);
    return;
  }
  let addresses: dns.LookupAddress[];
  try {
    addresses = await dns.promises.lookup(host, { all: true, verbatim: true });
  } catch {
    throw new UnsafeAddressError(`回调地址的域名无法解析：${host}`);
  }
  if (!addresses.length || addresses.some((a) => isPrivateAddress(a.address))) throw new UnsafeAddressError(PRIVATE_MESSAGE);
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/**
 * guardedLookup is a `lookup` for http.request that refuses private answers, so the address checked is the
 * address connected to: a host that resolved public when saved cannot swap to 127.0.0.1 at delivery.
 */
export function guardedLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { ...options, all: true, verbatim: true }, (err, addresses) => {
    if (err) return callback(err, '');
    const list = addresses as dns.LookupAddress[];
    if (!list.length || list.some((a) => isPrivateAddress(a.address))) {
      return callback(Object.assign(new UnsafeAddressError(PRIVATE_MESSAGE), { code: 'EUNSAFEADDR' }), '');
    }
    if (options.all) return callback(null, list);
    callback(null, list[0].address, list[0].family);
  });
}
