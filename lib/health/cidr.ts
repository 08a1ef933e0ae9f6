import { formatIp, parseIp, unwrapMappedIpv4, type IpAddress } from "./ip-address";

/** One CIDR block, e.g. `10.0.0.0/8` or `fd00::/8`; a bare address is a /32 or /128. */
export type Cidr = { text: string; ip: IpAddress; prefix: number };

export function parseCidr(text: string): Cidr {
  const trimmed = text.trim();
  const [address, prefixText, ...rest] = trimmed.split("/");
  const ip = parseIp(address);
  const maxPrefix = ip?.family === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? maxPrefix : Number(prefixText);
  if (!ip || rest.length > 0 || !/^\d+$/.test(prefixText ?? "0") || prefix > maxPrefix) {
    throw new Error(`Invalid CIDR block "${trimmed}" (expected e.g. 10.0.0.0/8 or fd00::/8)`);
  }

  // ::ffff:a.b.c.d/104 and the like are written as IPv4 blocks, since addresses are checked that way.
  const mapped = unwrapMappedIpv4(ip);
  if (mapped && prefix >= 96) return { text: `${formatIp(mapped)}/${prefix - 96}`, ip: mapped, prefix: prefix - 96 };
  return { text: `${formatIp(ip)}/${prefix}`, ip, prefix };
}

/** Parses a comma (or whitespace) separated list such as `127.0.0.0/8,::1/128`; empty input gives []. */
export function parseCidrList(value: string | undefined): Cidr[] {
  return (value ?? "").split(/[\s,]+/).filter((part) => part !== "").map(parseCidr);
}

export function cidrContains(cidr: Cidr, ip: IpAddress): boolean {
  if (cidr.ip.family !== ip.family) return false;
  const fullBytes = Math.floor(cidr.prefix / 8);
  for (let i = 0; i < fullBytes; i++) if (cidr.ip.bytes[i] !== ip.bytes[i]) return false;

  const remainingBits = cidr.prefix % 8;
  if (remainingBits === 0) return true;
  const mask = (0xff << (8 - remainingBits)) & 0xff;
  return (cidr.ip.bytes[fullBytes] & mask) === (ip.bytes[fullBytes] & mask);
}
