import { isPlainObject } from "../schemas/server-fields";
import { compact, stringList, stringMap, text, toTransport } from "./draft";

/** Where seed 003's approach 2 keeps a capability's servers: beside its `capability.json`. */
export const CAPABILITY_SERVERS_FILE = "capability.mcp.json";

const SUPPORT_FIELDS = ["documentation_url", "api_reference_url", "health_endpoint", "contact", "sla", "version"] as const;

/**
 * Seed 003's `capability.mcp.json` (approach 2: `{"mcpServers": {name: {type, url, headers | command, args, env,
 * metadata?, environments?}}}`) as registry server definitions: `metadata.description` and `version` head the
 * server, the rest of `metadata` is its `support`, `environments` its per-environment overrides. Throws naming the
 * server when an entry can not be read (a directory import or sync then changes nothing).
 */
export function capabilityServers(document: unknown, capability: string): Record<string, unknown>[] {
  if (!isPlainObject(document) || !isPlainObject(document.mcpServers)) throw new Error("must be an object with an 'mcpServers' object");
  return Object.entries(document.mcpServers).map(([name, entry]) => {
    if (!isPlainObject(entry)) throw new Error(`mcpServers.${name} must be an object`);
    const result = toTransport(entry);
    if (!("transport" in result)) throw new Error(`mcpServers.${name} ${"skip" in result ? result.skip : result.error}`);
    const metadata = isPlainObject(entry.metadata) ? entry.metadata : {};
    const support = compact(Object.fromEntries(SUPPORT_FIELDS.map((field) => [field, text(metadata[field])])));
    return compact({
      name,
      description: text(metadata.description) ?? text(entry.description) ?? `Defined beside capability ${capability}`,
      version: text(metadata.version),
      transport: result.transport,
      support: Object.keys(support).length ? support : undefined,
      environments: isPlainObject(entry.environments) ? environmentOverrides(entry.environments) : undefined,
    });
  });
}

/**
 * The capability with a reference to each of `servers` under the server's own name, unless it already uses that
 * alias (a reference written in `capability.json` wins).
 */
export function withServerReferences(capability: Record<string, unknown>, servers: readonly string[]): Record<string, unknown> {
  const references = capability.mcp_servers;
  if (Array.isArray(references)) return { ...capability, mcp_servers: [...references, ...servers.filter((name) => !references.includes(name))] };
  const existing = isPlainObject(references) ? references : {};
  const added = Object.fromEntries(servers.filter((name) => !(name in existing)).map((name) => [name, {}]));
  return { ...capability, mcp_servers: { ...existing, ...added } };
}

function environmentOverrides(environments: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(environments).map(([environment, override]) => [
    environment,
    isPlainObject(override)
      ? compact({ url: text(override.url), headers: stringMap(override.headers), command: text(override.command), args: stringList(override.args), env: stringMap(override.env) })
      : override,
  ]));
}
