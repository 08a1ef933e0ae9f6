import type { ClientFormat } from "../schemas/agent";
import type { BlueprintConfig } from "./blueprint";

type ClientEntry = Record<string, unknown> & { type: "http" | "sse" | "stdio" };

/**
 * A client's config file for a resolved blueprint: Claude Desktop and Cursor read `{"mcpServers": …}`,
 * VS Code `{"servers": …}`. Every entry carries `type` — VS Code requires it and the MCP Inspector only
 * connects to HTTP entries typed `"http"` — so legacy inline configs get theirs normalized here.
 */
export function toClientFile(format: ClientFormat, mcpServers: Record<string, BlueprintConfig>) {
  const entries = Object.fromEntries(Object.entries(mcpServers).map(([alias, config]) => [alias, toClientEntry(config)]));
  return format === "vscode" ? { servers: entries } : { mcpServers: entries };
}

function toClientEntry(config: BlueprintConfig): ClientEntry {
  const declared = typeof config.type === "string" ? config.type.toLowerCase() : undefined;
  const type = declared === "sse" || declared === "stdio" ? declared : declared ? "http" : "command" in config ? "stdio" : "http";
  const { type: _declared, ...rest } = config;
  return { type, ...rest };
}
