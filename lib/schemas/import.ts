import { z } from "zod";

import { booleanFlagSchema, entityNameSchema, jsonObjectSchema } from "./common";
import { fieldErrorSchema } from "./server-output";

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

export const CONFLICT_POLICIES = ["fail", "skip", "overwrite"] as const;
export type ConflictPolicy = (typeof CONFLICT_POLICIES)[number];

/** Formats that merge into one server (`?server=`, created when absent) rather than import servers; never detected. */
export const MERGE_FORMATS = ["tool-registry-md"] as const;

export const importQuerySchema = z.strictObject({
  format: z.enum([...IMPORT_FORMATS, ...MERGE_FORMATS]).optional()
    .describe("read the body as this format instead of detecting it; tool-registry-md (seed 002's markdown, text/markdown or text/plain) merges declared tools and tool_policy into the server named by ?server=, creating it from ?url= or ?command= when absent"),
  server: z.string().max(100).optional().describe("tool-registry-md: the server to merge into, whatever on_conflict says; created when absent (with url or command)"),
  url: z.string().max(2_000).optional().describe("tool-registry-md: the HTTP URL of the server to create when ?server= is absent"),
  command: z.string().max(2_000).optional().describe("tool-registry-md: the stdio command line (split at whitespace) of the server to create when ?server= is absent"),
  on_conflict: z.enum(CONFLICT_POLICIES).default("fail")
    .describe("fail: all or nothing (422); skip / overwrite: existing names skipped or replaced, invalid entries reported"),
  dry_run: booleanFlagSchema.describe("report what would happen, write nothing"),
  secrets: z.enum(["keep", "placeholders"]).default("keep")
    .describe("placeholders: literal secrets in env and headers become ${VAR} placeholders"),
  capability: entityNameSchema.optional().describe("unified format: the capability its tools become (default unified-import)"),
  details: booleanFlagSchema.describe("each created or updated server also carries `transport`: where it would connect (the import page's preview)"),
});
export type ImportQuery = z.infer<typeof importQuerySchema>;
export type ImportOptions = {
  format?: ImportFormat;
  onConflict: ConflictPolicy;
  dryRun: boolean;
  secretsToPlaceholders: boolean;
  capability?: string;
  /** `?details=true`: report entries carry each server's transport summary. */
  details?: boolean;
};

export const importBodySchema = z.string().describe("The file's text: JSON or JSONC in any import format");

/** Servers are named alone; capabilities and agents say which they are. */
const reportEntrySchema = z.object({
  name: z.string(),
  kind: z.enum(["capability", "agent"]).optional(),
  placeholders: z.array(z.string()).optional()
    .describe("secrets=placeholders: the ${VAR} names that replaced this server's literal secrets; define them as registry variables"),
  warnings: z.array(fieldErrorSchema).optional()
    .describe("env keys this server will be started without (proxy, loader and interpreter variables), each named"),
  transport: z.object({
    type: z.string(),
    url: z.string().optional(),
    command: z.string().optional(),
    args: z.array(z.string()).optional(),
  }).optional().describe("?details=true: where the server would connect — URL without credentials, or command line — with secret-looking values shown as ••••"),
});

export const importReportSchema = z.object({
  dry_run: z.boolean(),
  format: z.enum([...IMPORT_FORMATS, ...MERGE_FORMATS]),
  created: z.array(reportEntrySchema),
  updated: z.array(reportEntrySchema),
  skipped: z.array(reportEntrySchema.extend({ reason: z.string() })),
  renamed: z.array(z.object({ from: z.string(), to: z.string() })),
  errors: z.array(fieldErrorSchema),
  warnings: z.array(z.object({ name: z.string(), message: z.string() })).optional()
    .describe("imported, but worth knowing: a seed 001 plugin whose http endpoint answered, not as an MCP server"),
});
/** What a merge format's import reports (`format` one of MERGE_FORMATS). */
export type MergeImportReport = z.infer<typeof importReportSchema>;
/** What an import of servers reports. */
export type ImportReport = Omit<MergeImportReport, "format"> & { format: ImportFormat };

/** GET /api/export: definitions as entered, without server-set fields; importing it back changes nothing. */
export const exportBundleSchema = z.object({
  mcp_servers: z.array(jsonObjectSchema),
  capabilities: z.array(jsonObjectSchema),
  agents: z.array(jsonObjectSchema),
});
export type ExportBundle = z.infer<typeof exportBundleSchema>;
