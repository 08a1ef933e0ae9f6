import type { ClientFormat } from "../schemas/agent";
import type { BlueprintConfig } from "./blueprint";

type ClientEntry = Record<string, unknown> & { type: "http" | "sse" | "stdio" };

/**
 * A client's config file for a resolved blueprint: Claude Desktop and Cursor read `{"mcpServers": …}`,
 * VS Code `{"servers": …}`. Every entry carries `type` — VS Code requires it and the MCP Inspector only
 * connects to HTTP entries typed `"http"` — so legacy inline configs get theirs normalized here. Claude
 * Desktop's file takes local (stdio) servers only: a remote one goes through `mcp-remote` (claudeDesktopEntry).
 */
export function toClientFile(format: ClientFormat, mcpServers: Record<string, BlueprintConfig>) {
  const entries = Object.fromEntries(Object.entries(mcpServers).map(([alias, config]) => {
    const entry = toClientEntry(config);
    return [alias, format === "claude" ? claudeDesktopEntry(entry) : entry];
  }));
  return format === "vscode" ? { servers: entries } : { mcpServers: entries };
}

/**
 * Claude Desktop ignores (or drops) a `url` entry in claude_desktop_config.json — remote servers are connectors
 * added in its settings — so a remote server becomes the stdio bridge its docs point to, `npx -y mcp-remote <url>`.
 * Each header is `--header Name:${VAR}` with its value in the entry's `env`: mcp-remote expands it, so the value is
 * not on the command line, and no space sits inside an argument (which some clients mangle on Windows).
 */
export function claudeDesktopEntry(entry: ClientEntry): Record<string, unknown> {
  if (entry.type === "stdio" || typeof entry.url !== "string") return entry;
  const headers = Object.entries((entry.headers ?? {}) as Record<string, string>);
  const variables = headers.map(([name]) => `MCP_HEADER_${name.toUpperCase().replace(/[^A-Z0-9]/g, "_")}`);
  const args = [
    "-y", "mcp-remote", entry.url,
    ...headers.flatMap(([name], index) => ["--header", `${name}:\${${variables[index]}}`]),
    ...(entry.type === "sse" ? ["--transport", "sse-only"] : []),
    // mcp-remote speaks plain HTTP to loopback only unless told the network is trusted, as the registry says it is.
    ...(isPlainHttpBeyondLoopback(entry.url) ? ["--allow-http"] : []),
  ];
  const env = Object.fromEntries(headers.map(([, value], index) => [variables[index], value]));
  return { command: "npx", args, ...(headers.length > 0 ? { env } : {}) };
}

function isPlainHttpBeyondLoopback(url: string): boolean {
  if (!URL.canParse(url)) return false;
  const { protocol, hostname } = new URL(url);
  return protocol === "http:" && !["localhost", "127.0.0.1", "[::1]"].includes(hostname);
}

function toClientEntry(config: BlueprintConfig): ClientEntry {
  const declared = typeof config.type === "string" ? config.type.toLowerCase() : undefined;
  const type = declared === "sse" || declared === "stdio" ? declared : declared ? "http" : "command" in config ? "stdio" : "http";
  const { type: _declared, ...rest } = config;
  return { type, ...rest };
}
