import type { VariableScope } from "../schemas/variable";

/**
 * Where a config is going: the server it belongs to, the host its URL names (null: stdio, or not known), and
 * whether the URL is `https` or names a loopback address (DESIGN §14: a host-scoped secret goes nowhere else).
 */
export type ScopeTarget = { server: string; host: string | null; secure: boolean };

const PLACEHOLDER = /\$\{|\{\{/;
/** Scheme and authority as written: `https://user@host:8443`, up to the first `/`, `\`, `?` or `#`. */
const SCHEME_AND_AUTHORITY = /^[a-zA-Z][a-zA-Z0-9+.-]*:[/\\]{2}[^/\\?#]*/;

/**
 * DESIGN §10: the host of a config's URL as a WHATWG URL parser sees it (lowercase, punycode; port and
 * userinfo ignored). Null when a placeholder sits anywhere in the scheme or authority as written: what such a
 * host becomes is up to values the scope is meant to guard, so a host-scoped variable never resolves there.
 * Placeholders after the authority cannot move the host, so they are stood in for before parsing.
 */
export function hostOfUrlTemplate(url: string): string | null {
  const authority = SCHEME_AND_AUTHORITY.exec(url)?.[0];
  if (!authority || PLACEHOLDER.test(authority)) return null;
  try {
    const hostname = new URL(url.replace(/\$\{[^}]*\}|\{\{[^}]*\}\}/g, "x")).hostname;
    return hostname === "" ? null : hostname;
  } catch {
    return null;
  }
}

/** DESIGN §14: `https`, or a loopback host (`localhost`, `*.localhost`, 127.0.0.0/8, `[::1]`) — what a host-scoped secret may be sent over. */
export function isSecureUrl(url: string, host: string | null): boolean {
  if (host === null) return false;
  if (/^https:/i.test(url)) return true;
  return host === "localhost" || host.endsWith(".localhost") || host === "[::1]" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** `*.example.com` matches one or more labels before `example.com`, never `example.com` itself. */
export function matchesHostGlob(host: string, glob: string): boolean {
  if (!glob.startsWith("*.")) return host === asciiHost(glob);
  const suffix = `.${asciiHost(glob.slice(2))}`;
  return host.endsWith(suffix) && host.length > suffix.length;
}

/** Why a scoped variable may not be used for `target`, or null when it may. */
export function scopeRefusal(scope: VariableScope | undefined, target: ScopeTarget): string | null {
  if (!scope) return null;
  if (scope.servers && !scope.servers.includes(target.server)) {
    return `it is scoped to other servers (${scope.servers.join(", ")})`;
  }
  if (!scope.hosts) return null;
  if (target.host === null) return "it is scoped to hosts and this config's host is not fixed as written (stdio, or a placeholder in the host)";
  if (!scope.hosts.some((glob) => matchesHostGlob(target.host!, glob))) {
    return `it is scoped to hosts ${scope.hosts.join(", ")}, not ${target.host}`;
  }
  if (!target.secure) return `it is scoped to hosts and is sent only over https or to a loopback address, not over plain http to ${target.host}`;
  return null;
}

/** A host name as WHATWG URLs write it: lowercase, punycode. */
function asciiHost(name: string): string {
  try {
    return new URL(`http://${name}/`).hostname;
  } catch {
    return name;
  }
}
