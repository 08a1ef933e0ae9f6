import { isIP } from "node:net";

import ipaddr from "ipaddr.js";

export type IpAddress = ipaddr.IPv4 | ipaddr.IPv6;

/** One CIDR block, e.g. `10.0.0.0/8` or `fd00::/8`; a bare address is a /32 or /128. */
export type Cidr = { text: string; block: [IpAddress, number] };

/**
 * Parses an IPv4 or IPv6 literal (brackets and a `%zone` are tolerated); null when `text` is not one.
 * Node decides what is a literal: ipaddr.js alone would also take shorthands such as `1.2.3` or `0x7f.1`.
 */
export function parseIp(text: string): IpAddress | null {
  const bare = text.trim().replace(/^\[(.*)\]$/, "$1").replace(/%.*$/, "");
  return isIP(bare) ? ipaddr.parse(bare) : null;
}

/** IPv4-mapped IPv6 (`::ffff:a.b.c.d`) as the IPv4 address it carries; anything else unchanged. */
export function unwrapMappedIpv4(ip: IpAddress): IpAddress {
  return ip.kind() === "ipv6" && (ip as ipaddr.IPv6).isIPv4MappedAddress() ? (ip as ipaddr.IPv6).toIPv4Address() : ip;
}

/** The IPv4 address inside the NAT64 well-known prefix `64:ff9b::/96` (RFC 6052), or null. */
export function unwrapNat64Ipv4(ip: IpAddress): IpAddress | null {
  if (ip.kind() !== "ipv6" || ip.range() !== "rfc6052") return null;
  return new ipaddr.IPv4(ip.toByteArray().slice(12));
}

export function parseCidr(text: string): Cidr {
  const trimmed = text.trim();
  const [address, prefixText, ...rest] = trimmed.split("/");
  const ip = parseIp(address);
  const maxPrefix = ip?.kind() === "ipv4" ? 32 : 128;
  const prefix = prefixText === undefined ? maxPrefix : Number(prefixText);
  if (!ip || rest.length > 0 || !/^\d+$/.test(prefixText ?? "0") || prefix > maxPrefix) {
    throw new Error(`Invalid CIDR block "${trimmed}" (expected e.g. 10.0.0.0/8 or fd00::/8)`);
  }

  // ::ffff:a.b.c.d/104 and the like are written as IPv4 blocks, since addresses are checked that way.
  const mapped = unwrapMappedIpv4(ip);
  const block: [IpAddress, number] = mapped !== ip && prefix >= 96 ? [mapped, prefix - 96] : [ip, prefix];
  return { text: `${block[0].toString()}/${block[1]}`, block };
}

/** Parses a comma (or whitespace) separated list such as `127.0.0.0/8,::1/128`; empty input gives []. */
export function parseCidrList(value: string | undefined): Cidr[] {
  return (value ?? "").split(/[\s,]+/).filter((part) => part !== "").map(parseCidr);
}

export function cidrContains(cidr: Cidr, ip: IpAddress): boolean {
  return cidr.block[0].kind() === ip.kind() && ip.match(cidr.block);
}
