import { cidrContains, parseCidr, parseCidrList, parseIp, unwrapMappedIpv4, unwrapNat64Ipv4, type Cidr } from "./cidr";

export type AddressCheck = { allowed: boolean; reason: string };

/** Decides, per IP address, whether Patchbay may open a connection to it (DESIGN §5 "Outbound safety"). */
export type OutboundPolicy = { checkAddress(ip: string): AddressCheck };

/** Refused whatever the allow list says. Order matters: the first match names the reason. */
const ALWAYS_REFUSED: ReadonlyArray<readonly [Cidr, string]> = [
  ["169.254.169.254/32", "cloud metadata address"],
  ["fd00:ec2::254/128", "cloud metadata address"],
  ["100.100.100.200/32", "cloud metadata address"],
  ["169.254.0.0/16", "link-local address"],
  ["fe80::/10", "link-local address"],
  ["0.0.0.0/8", "unspecified address"],
  ["::/128", "unspecified address"],
  ["224.0.0.0/4", "multicast address"],
  ["255.255.255.255/32", "broadcast address"],
  ["ff00::/8", "multicast address"],
].map(([text, reason]) => [parseCidr(text), reason] as const);

/** Thrown instead of connecting to an address the policy refuses; no socket has been opened. */
export class OutboundBlockedError extends Error {
  override readonly name = "OutboundBlockedError";

  constructor(readonly address: string, readonly hostname: string, readonly reason: string) {
    super(`blocked by outbound policy: ${address} (${reason}${hostname !== address ? `, resolved from ${hostname}` : ""})`);
  }
}

/** How many addresses a policy remembers its decision for (more, and it starts again). */
const REMEMBERED_CHECKS = 1024;

/**
 * `allow` and `deny` are CIDR lists (`PATCHBAY_OUTBOUND_ALLOW` / `_DENY`, e.g. "127.0.0.0/8,::1/128").
 * An empty `allow` lets every address through that is not refused; a non-empty one admits only its blocks.
 * `deny` and the always-refused blocks win over `allow`. IPv4-mapped IPv6 is checked as IPv4.
 * The lists never change, so a decision is remembered per address text: every upstream request checks its
 * address, and parsing it and matching the blocks each time was a visible part of a gateway call's CPU.
 */
export function createOutboundPolicy(lists: { allow?: string | Cidr[]; deny?: string | Cidr[] } = {}): OutboundPolicy {
  const allow = typeof lists.allow === "string" || lists.allow === undefined ? parseCidrList(lists.allow) : [...lists.allow];
  const deny = typeof lists.deny === "string" || lists.deny === undefined ? parseCidrList(lists.deny) : [...lists.deny];
  const decided = new Map<string, AddressCheck>();

  return {
    checkAddress(text) {
      let check = decided.get(text);
      if (!check) {
        check = Object.freeze(decide(text));
        if (decided.size >= REMEMBERED_CHECKS) decided.clear();
        decided.set(text, check);
      }
      return check;
    },
  };

  function decide(text: string): AddressCheck {
    const parsed = parseIp(text);
    if (!parsed) return { allowed: false, reason: `not an IP address: ${text}` };
    const ip = unwrapMappedIpv4(parsed);

    // NAT64 (64:ff9b::/96) reaches the embedded IPv4 address, so that one must not be always refused.
    for (const candidate of [ip, unwrapNat64Ipv4(ip)]) {
      const refused = candidate && ALWAYS_REFUSED.find(([cidr]) => cidrContains(cidr, candidate));
      if (refused) return { allowed: false, reason: refused[1] };
    }

    const denied = deny.find((cidr) => cidrContains(cidr, ip));
    if (denied) return { allowed: false, reason: `in deny list (${denied.text})` };
    if (allow.length === 0) return { allowed: true, reason: "no allow list; not denied" };

    const allowed = allow.find((cidr) => cidrContains(cidr, ip));
    return allowed
      ? { allowed: true, reason: `in allow list (${allowed.text})` }
      : { allowed: false, reason: "not in allow list" };
  }
}
