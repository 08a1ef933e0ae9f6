import type { FieldError } from "../errors";

/** `?format=` values, in the order `detectFormat` tries them (DESIGN §6). */
export const IMPORT_FORMATS = [
  "native", // our export: {mcp_servers, capabilities, agents}
  "official", // official MCP registry: server.json, the /v0/servers envelope, or an array of {server, _meta}
  "unified", // seed 004 unified registry: {schemaVersion, servers, schemas, tools}
  "mcp-json", // seed 000 mcp.json: {servers: [{id, transport, …}]}
  "mcp-registry", // seed 001 mcp_registry.json: {plugins: [{id, transport, endpoint, auth, actions}]}
  "vscode", // VS Code: {servers: {name: …}, inputs: […]}, JSONC
  "mcp-servers", // Claude Desktop / Cursor: {mcpServers: {name: …}}
  "server-json", // seed 003 mcp-server.json: one server definition or an array of them
] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export type Renamed = { from: string; to: string };
export type Skipped = { name: string; reason: string };

/**
 * What `convert` hands the importer. `servers` are ServerInput-shaped but NOT validated yet: the importer
 * runs `serverInputSchema` over each. `errors` are conversion problems, by JSON pointer into the source.
 * `format` is null only when the text could not be parsed or recognised.
 */
export type ConvertedBundle = {
  format: ImportFormat | null;
  servers: unknown[];
  capabilities: unknown[];
  agents: unknown[];
  renamed: Renamed[];
  skipped: Skipped[];
  errors: FieldError[];
};

/** One server as a converter read it: still under its source name, with a pointer to where it came from. */
export type DraftServer = { source: string; server: Record<string, unknown> & { name: string } };

/** A converter's result, before names are mapped, descriptions defaulted and secrets replaced. */
export type Draft = {
  servers: DraftServer[];
  capabilities: unknown[];
  agents: unknown[];
  skipped: Skipped[];
  errors: FieldError[];
};

export type Converter = (document: unknown) => Draft;
