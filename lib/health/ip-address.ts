import { isIPv4, isIPv6 } from "node:net";

/** An IP address as bytes: 4 for IPv4, 16 for IPv6. */
export type IpAddress = { family: 4 | 6; bytes: Uint8Array };

/** Parses an IPv4 or IPv6 literal (brackets and a `%zone` are tolerated); null when `text` is not one. */
export function parseIp(text: string): IpAddress | null {
  const bare = text.trim().replace(/^\[(.*)\]$/, "$1").replace(/%.*$/, "");
  if (isIPv4(bare)) return { family: 4, bytes: Uint8Array.from(bare.split(".").map(Number)) };
  if (!isIPv6(bare)) return null;
  return { family: 6, bytes: parseIpv6(bare) };
}

function parseIpv6(text: string): Uint8Array {
  const [left, right] = text.includes("::") ? text.split("::") : [text, undefined];
  const head = toGroups(left);
  const tail = right === undefined ? [] : toGroups(right);
  const zeros = right === undefined ? [] : new Array<number>(8 - head.length - tail.length).fill(0);
  const groups = [...head, ...zeros, ...tail];

  const bytes = new Uint8Array(16);
  groups.forEach((group, i) => {
    bytes[2 * i] = group >> 8;
    bytes[2 * i + 1] = group & 0xff;
  });
  return bytes;
}

function toGroups(part: string): number[] {
  if (part === "") return [];
  return part.split(":").flatMap((group) => {
    if (!group.includes(".")) return [parseInt(group, 16)];
    const [a, b, c, d] = group.split(".").map(Number);
    return [(a << 8) | b, (c << 8) | d];
  });
}

/** The IPv4 address inside `::ffff:a.b.c.d` (IPv4-mapped), or null when `ip` is not one. */
export function unwrapMappedIpv4(ip: IpAddress): IpAddress | null {
  if (ip.family !== 6) return null;
  const isMapped = ip.bytes.slice(0, 10).every((b) => b === 0) && ip.bytes[10] === 0xff && ip.bytes[11] === 0xff;
  return isMapped ? { family: 4, bytes: ip.bytes.slice(12) } : null;
}

/** The IPv4 address inside the NAT64 well-known prefix `64:ff9b::/96`, or null. */
export function unwrapNat64Ipv4(ip: IpAddress): IpAddress | null {
  if (ip.family !== 6) return null;
  const prefix = [0x00, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0];
  return prefix.every((b, i) => ip.bytes[i] === b) ? { family: 4, bytes: ip.bytes.slice(12) } : null;
}

export function formatIp(ip: IpAddress): string {
  if (ip.family === 4) return Array.from(ip.bytes).join(".");
  const groups = Array.from({ length: 8 }, (_, i) => (ip.bytes[2 * i] << 8) | ip.bytes[2 * i + 1]);

  // RFC 5952: the longest run of two or more zero groups becomes "::".
  let best = { start: -1, length: 0 };
  for (let i = 0; i < 8; ) {
    let end = i;
    while (end < 8 && groups[end] === 0) end++;
    if (end - i > best.length && end - i >= 2) best = { start: i, length: end - i };
    i = end === i ? i + 1 : end;
  }
  const hex = groups.map((group) => group.toString(16));
  if (best.start < 0) return hex.join(":");
  return `${hex.slice(0, best.start).join(":")}::${hex.slice(best.start + best.length).join(":")}`;
}
