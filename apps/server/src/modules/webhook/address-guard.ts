import { BlockList, isIP } from 'node:net';
import dns from 'node:dns';

/**
 * Ranges a webhook may not reach (SSRF): loopback, private, link-local, unique-local, CGNAT, multicast,
 * reserved, and "this network". A store's callback URL must point at the internet.
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b:1::', 48],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** embeddedIpv4 finds the IPv4 inside an IPv4-mapped or -compatible IPv6 address (::ffff:10.0.0.1). */
function embeddedIpv4(ip: string): string | null {
  const dotted = /^(?:::ffff:|::)(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (dotted) return dotted[1];
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(ip);
  if (!hex) return null;
  const hi = parseInt(hex[1], 16);
  const lo = parseInt(hex[2], 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** isPrivateAddress: true for any address a webhook must not be sent to (and for anything that is not an IP). */
export function isPrivateAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(ip);
  if (family === 4) return blocked.check(ip, 'ipv4');
  if (family === 6) {
    const v4 = embeddedIpv4(ip);
    return v4 ? blocked.check(v4, 'ipv4') : blocked.check(ip, 'ipv6');
  }
  return true;
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
