import type { FieldError } from "../errors";
import { pointerSegment } from "../schemas/json-pointer";
import { referenceFormOf, type InlineReference, type McpServerReferences, type NamedReference, type ProvidesReference, type ServerReference } from "../schemas/reference";

/**
 * One entry of `mcp_servers`, whatever form it was written in. `path` is where the entry sits in its owner's
 * definition, `serverPath` where the server's name does (the same, except in `{"server": …}`). `bare` when it says
 * `"names": "bare"` (DESIGN §16): its tools are advertised under their own names.
 */
export type ParsedReference =
  | { kind: "server"; alias: string; server: string; parameters?: Record<string, unknown>; bare?: true; path: string; serverPath: string }
  | { kind: "provides"; alias: string; provides: string; parameters?: Record<string, unknown>; bare?: true; path: string }
  | { kind: "inline"; alias: string; config: InlineReference; path: string };

/** Every reference of an already validated `mcp_servers`, in order. The key is the alias, or the server name. */
export function parseReferences(mcpServers: McpServerReferences | undefined): ParsedReference[] {
  if (mcpServers === undefined) return [];
  if (Array.isArray(mcpServers)) {
    return mcpServers.map((server, index): ParsedReference => {
      const path = `/mcp_servers/${index}`;
      return { kind: "server", alias: server, server, path, serverPath: path };
    });
  }

  return Object.entries(mcpServers).map(([alias, value]): ParsedReference => {
    const path = `/mcp_servers/${pointerSegment(alias)}`;
    switch (referenceFormOf(value)) {
      case "name":
        return { kind: "server", alias, server: value as string, path, serverPath: path };
      case "server": {
        const { server, parameters, names } = value as ServerReference;
        return { kind: "server", alias, server, ...(parameters ? { parameters } : {}), ...bareOf(names), path, serverPath: `${path}/server` };
      }
      case "provides": {
        const { provides, parameters, names } = value as ProvidesReference;
        return { kind: "provides", alias, provides, ...(parameters ? { parameters } : {}), ...bareOf(names), path };
      }
      case "inline":
        return { kind: "inline", alias, config: value as InlineReference, path };
      default: {
        const { parameters, names } = value as NamedReference;
        return { kind: "server", alias, server: alias, ...(parameters ? { parameters } : {}), ...bareOf(names), path, serverPath: path };
      }
    }
  });
}

function bareOf(names: "bare" | undefined): { bare?: true } {
  return names === "bare" ? { bare: true } : {};
}

/** DESIGN §1: every response that touches a legacy inline config flags it, at its path. */
export function inlineWarning(path: string, place: string, remedy = "move it into the registry"): FieldError {
  return { path, message: `inline MCP server config in ${place} is deprecated; ${remedy}` };
}

export function inlineWarnings(mcpServers: McpServerReferences | undefined, place: string, remedy?: string): FieldError[] {
  return parseReferences(mcpServers).flatMap((reference) => (reference.kind === "inline" ? [inlineWarning(reference.path, place, remedy)] : []));
}
