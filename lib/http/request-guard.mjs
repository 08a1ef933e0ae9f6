// @ts-check
/**
 * What every request passes before anything else reads it (DESIGN §14), in the server process itself
 * (lib/cli/serve.mjs), so pages, the API and the gateway are guarded alike:
 * - a `Host` that is not `host[:port]` → 400;
 * - DNS rebinding: a request that arrived on a loopback address, or any request while `PATCHBAY_AUTH=off`, is
 *   answered only for a loopback name, the host of `PATCHBAY_PUBLIC_URL` or one in `PATCHBAY_ALLOWED_HOSTS` → else 421;
 * - the request's origin, as handlers see it (`request.url`, `x-forwarded-host/proto/port`), is
 *   `PATCHBAY_PUBLIC_URL`, else the `Host` when it is one of those names, else the address the connection
 *   arrived on: never a `Host` nobody vouched for;
 * - `X-Forwarded-For` is replaced by the client's address: the TCP peer, or, when the peer is one of
 *   `PATCHBAY_TRUSTED_PROXIES`, the address its `X-Forwarded-For` names (the last hop that is not itself trusted).
 * Plain JavaScript: it runs before anything is compiled. lib/env.ts validates the same variables at start.
 */
import net from "node:net";

/**
 * @typedef {{ publicOrigin: URL | null, allowedHosts: Set<string>, trustedProxies: net.BlockList | null, isAuthOff: boolean }} GuardSettings
 * @typedef {{ status: number, type: string, title: string, detail: string }} Refusal
 * @typedef {{ headers: import("node:http").IncomingHttpHeaders, socket: { localAddress?: string, localPort?: number, remoteAddress?: string, encrypted?: boolean } }} GuardedRequest
 */

/** `name`, `1.2.3.4` or `[v6]`, then an optional port: all RFC 9110 allows a client to say, less what no host is called. */
const HOST_HEADER = /^(?:[a-z0-9_](?:[a-z0-9_.-]*[a-z0-9_])?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The guard's settings from the process environment; throws one message per bad variable.
 * @param {Record<string, string | undefined>} env
 * @returns {GuardSettings}
 */
export function guardSettingsFrom(env) {
  const problems = guardSettingProblems(env);
  if (problems.length) throw new Error(problems.join("\n"));
  const publicUrl = env.PATCHBAY_PUBLIC_URL?.trim();
  const proxies = listOf(env.PATCHBAY_TRUSTED_PROXIES);
  return {
    publicOrigin: publicUrl ? new URL(new URL(publicUrl).origin) : null,
    allowedHosts: new Set(listOf(env.PATCHBAY_ALLOWED_HOSTS).map((host) => host.toLowerCase())),
    trustedProxies: proxies.length ? blockListOf(proxies) : null,
    isAuthOff: env.PATCHBAY_AUTH === "off",
  };
}

/**
 * What is wrong with the guard's variables, one line each (empty when nothing).
 * @param {Record<string, string | undefined>} env
 * @returns {string[]}
 */
export function guardSettingProblems(env) {
  const problems = [];
  const publicUrl = env.PATCHBAY_PUBLIC_URL?.trim();
  if (publicUrl) {
    const url = URL.canParse(publicUrl) ? new URL(publicUrl) : null;
    if (!url || !["http:", "https:"].includes(url.protocol) || url.username || url.password || !["", "/"].includes(url.pathname) || url.search || url.hash) {
      problems.push("PATCHBAY_PUBLIC_URL: must be an http(s) origin such as https://patchbay.example.com (no path, query or credentials)");
    }
  }
  for (const host of listOf(env.PATCHBAY_ALLOWED_HOSTS)) {
    if (!HOST_HEADER.test(host) || host.includes(":") && !host.startsWith("[")) problems.push(`PATCHBAY_ALLOWED_HOSTS: '${host}' is not a host name or address (no port)`);
  }
  for (const cidr of listOf(env.PATCHBAY_TRUSTED_PROXIES)) {
    if (!parseCidr(cidr)) problems.push(`PATCHBAY_TRUSTED_PROXIES: '${cidr}' is not an address or CIDR (e.g. 10.0.0.0/8, ::1/128)`);
  }
  return problems;
}

/**
 * Checks `request` and rewrites its host and forwarding headers in place; a refusal to answer instead, if any.
 * @param {GuardedRequest} request
 * @param {GuardSettings} settings
 * @returns {Refusal | null}
 */
export function guardRequest(request, settings) {
  const { headers, socket } = request;
  const host = typeof headers.host === "string" ? headers.host.trim() : "";
  if (!HOST_HEADER.test(host)) {
    return { status: 400, type: "invalid-host", title: "Invalid Host header", detail: "The Host header must be host[:port]." };
  }
  const hostname = hostnameOf(host);
  const isVouchedFor = isLoopbackName(hostname) || hostname === settings.publicOrigin?.hostname || settings.allowedHosts.has(hostname);
  if (!isVouchedFor && (settings.isAuthOff || isLoopbackAddress(socket.localAddress))) {
    return {
      status: 421,
      type: "misdirected-request",
      title: "Misdirected request",
      detail: `This Patchbay does not answer for the host '${hostname}': add it to PATCHBAY_ALLOWED_HOSTS, or set PATCHBAY_PUBLIC_URL.`,
    };
  }

  const peer = plainAddress(socket.remoteAddress);
  const isFromTrustedProxy = Boolean(peer && settings.trustedProxies && isInBlockList(settings.trustedProxies, peer));
  const forwardedProto = isFromTrustedProxy ? String(headers["x-forwarded-proto"] ?? "").split(",")[0].trim().toLowerCase() : "";
  const protocol = forwardedProto === "https" || forwardedProto === "http" ? forwardedProto : socket.encrypted ? "https" : "http";
  const origin = settings.publicOrigin ?? new URL(`${protocol}://${isVouchedFor ? host : arrivalHost(socket)}`);

  headers.host = origin.host;
  headers["x-forwarded-host"] = origin.host;
  headers["x-forwarded-proto"] = origin.protocol.slice(0, -1);
  headers["x-forwarded-port"] = origin.port || (origin.protocol === "https:" ? "443" : "80");
  delete headers.forwarded;
  const client = peer && isFromTrustedProxy ? forwardedClient(headers["x-forwarded-for"], peer, settings.trustedProxies) : peer;
  if (client) headers["x-forwarded-for"] = client;
  else delete headers["x-forwarded-for"];
  return null;
}

/**
 * The client behind a chain of trusted proxies: the right-most `X-Forwarded-For` entry that is not itself a
 * trusted proxy (entries further left were written by whoever sent the request, so they prove nothing).
 * @param {string | string[] | undefined} header
 * @param {string} peer
 * @param {net.BlockList | null} trusted
 */
function forwardedClient(header, peer, trusted) {
  const hops = (Array.isArray(header) ? header.join(",") : header ?? "").split(",").map((hop) => plainAddress(hop.trim())).filter(Boolean);
  let client = peer;
  for (const hop of hops.reverse()) {
    if (!hop || !net.isIP(hop)) break;
    client = hop;
    if (!trusted || !isInBlockList(trusted, hop)) break;
  }
  return client;
}

/** @param {{ localAddress?: string, localPort?: number }} socket */
function arrivalHost(socket) {
  const address = plainAddress(socket.localAddress) ?? "127.0.0.1";
  return `${net.isIPv6(address) ? `[${address}]` : address}:${socket.localPort ?? 80}`;
}

/** @param {string} host */
function hostnameOf(host) {
  const hostname = host.startsWith("[") ? host.slice(1, host.indexOf("]")) : host.replace(/:\d+$/, "");
  return hostname.toLowerCase();
}

/** `localhost` and its subdomains (RFC 6761: never looked up in DNS), 127.0.0.0/8 and ::1. @param {string} hostname */
export function isLoopbackName(hostname) {
  return hostname === "localhost" || hostname.endsWith(".localhost") || isLoopbackAddress(hostname);
}

/** @param {string | undefined} address */
function isLoopbackAddress(address) {
  const plain = plainAddress(address);
  return plain === "::1" || (net.isIPv4(plain ?? "") && plain?.startsWith("127.") === true);
}

/** An IPv4 address as IPv6 (`::ffff:127.0.0.1`, how a dual-stack socket reports it) as plain IPv4. @param {string | undefined} address */
function plainAddress(address) {
  if (!address) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1] : address;
}

/** @param {string | undefined} value */
function listOf(value) {
  return (value ?? "").split(",").map((item) => item.trim()).filter(Boolean);
}

/** @param {string} text @returns {{ address: string, prefix: number, family: "ipv4" | "ipv6" } | null} */
function parseCidr(text) {
  const [address, prefixText, ...rest] = text.split("/");
  const version = net.isIP(address);
  if (!version || rest.length) return null;
  const max = version === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > max || (prefixText !== undefined && !/^\d+$/.test(prefixText))) return null;
  return { address, prefix, family: version === 4 ? "ipv4" : "ipv6" };
}

/** @param {string[]} cidrs */
function blockListOf(cidrs) {
  const list = new net.BlockList();
  for (const cidr of cidrs) {
    const parsed = parseCidr(cidr);
    if (parsed) list.addSubnet(parsed.address, parsed.prefix, parsed.family);
  }
  return list;
}

/** @param {net.BlockList} list @param {string} address */
function isInBlockList(list, address) {
  const version = net.isIP(address);
  return version !== 0 && list.check(address, version === 4 ? "ipv4" : "ipv6");
}
