import type { FieldError } from "../errors";
import type { McpServerReferences } from "../schemas/reference";
import { isSoundBinding, type HealthStatus } from "./provider-ranking";
import { parseReferences } from "./references";

/** The server a capability string is bound to (the best-ranked provider), with its health where it was bound. */
export type ProviderChoice = { server: string; status: HealthStatus };
export type ProviderBindings = ReadonlyMap<string, ProviderChoice>;

/** Every capability string that `{"provides": …}` references of these definitions name. */
export function providedStrings(references: readonly (McpServerReferences | undefined)[]): string[] {
  return [...new Set(references.flatMap((each) => parseReferences(each).flatMap((reference) => (reference.kind === "provides" ? [reference.provides] : []))))];
}

/**
 * DESIGN §12: `{"provides": …}` references become `{"server": <bound>, "parameters", "names"}` under the same alias, so
 * resolution and effective tools see an ordinary reference; a binding that is not healthy or degraded is a
 * warning at the reference's path. A string nothing provides is left as written (resolution refuses it).
 */
export function bindProvides<T extends { mcp_servers?: McpServerReferences }>(definition: T, bindings: ProviderBindings, place: string): { definition: T; warnings: FieldError[] } {
  const references = parseReferences(definition.mcp_servers);
  if (!references.some((reference) => reference.kind === "provides")) return { definition, warnings: [] };

  const warnings: FieldError[] = [];
  const bound = Object.fromEntries(Object.entries(definition.mcp_servers as Record<string, unknown>).map(([alias, value], index) => {
    const reference = references[index];
    const choice = reference.kind === "provides" ? bindings.get(reference.provides) : undefined;
    if (reference.kind !== "provides" || !choice) return [alias, value];
    if (!isSoundBinding(choice.status)) {
      warnings.push({ path: reference.path, message: `${place}: '${reference.provides}' is bound to MCP server '${choice.server}', whose health is ${choice.status}` });
    }
    return [alias, { server: choice.server, ...(reference.parameters ? { parameters: reference.parameters } : {}), ...(reference.bare ? { names: "bare" } : {}) }];
  }));
  return { definition: { ...definition, mcp_servers: bound }, warnings };
}
