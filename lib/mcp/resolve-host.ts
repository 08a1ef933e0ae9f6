import { lookup } from "node:dns/promises";
import { isIP, type LookupFunction } from "node:net";

import { OutboundBlockedError, type OutboundPolicy } from "./outbound-policy";

export type ResolvedAddress = { address: string; family: 4 | 6 };
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

const resolveWithSystem: HostResolver = async (hostname) => {
  const answers = await lookup(hostname, { all: true, verbatim: true });
  return answers.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};

/**
 * Resolves `hostname` once and checks every address it yields; one refused address refuses them all
 * (a DNS answer mixing a public and a metadata address is a rebinding trick). Connect only to what this returns.
 */
export async function resolveCheckedAddresses(
  hostname: string,
  policy: OutboundPolicy,
  resolve: HostResolver = resolveWithSystem,
): Promise<ResolvedAddress[]> {
  const host = hostname.replace(/^\[(.*)\]$/, "$1");
  const addresses = checkedLiteralAddress(host, policy) ?? await resolve(host);
  if (addresses.length === 0) throw Object.assign(new Error(`no address found for ${host}`), { code: "ENOTFOUND", hostname: host });

  for (const { address } of addresses) {
    const check = policy.checkAddress(address);
    if (!check.allowed) throw new OutboundBlockedError(address, host, check.reason);
  }
  return addresses;
}

/**
 * The address `hostname` already is (an IP literal, bracketed or not), checked against `policy` — no resolver
 * needed, so no wait; null for a name.
 */
export function checkedLiteralAddress(hostname: string, policy: OutboundPolicy): ResolvedAddress[] | null {
  const host = hostname.replace(/^\[(.*)\]$/, "$1");
  const family = isIP(host);
  if (!family) return null;
  const check = policy.checkAddress(host);
  if (!check.allowed) throw new OutboundBlockedError(host, host, check.reason);
  return [{ address: host, family: family as 4 | 6 }];
}

/** A `lookup` for node:net that answers only with addresses already checked, whatever name it is asked for. */
export function pinnedLookup(addresses: ResolvedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
    const usable = addresses.filter((a) => wanted === 0 || a.family === wanted);
    if (usable.length === 0) {
      const error = Object.assign(new Error(`no IPv${wanted} address among the checked ones`), { code: "ENOTFOUND" });
      return callback(error, "", 0);
    }
    if (options.all) return callback(null, usable);
    callback(null, usable[0].address, usable[0].family);
  };
}
