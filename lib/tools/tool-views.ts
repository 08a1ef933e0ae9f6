import { getDb } from "../db";
import { getConfig } from "../env";
import { InvalidInputError, NotFoundError } from "../errors";
import { findUnusablePatterns } from "../schemas/json-schema-shape";
import type { CatalogToolOutput, ServerToolOutput, ToolListQuery } from "../schemas/tools";
import type { ToolDefinition } from "./tool-definition";
import { diffToolsets, isEmptyDiff, type ToolsetDiff } from "./toolset-diff";
import { toSearchNeedle } from "../data/search-text";
import type { ToolCursor, ToolFilters } from "./catalog-conditions";
import { catalogPageIds } from "./catalog-page";
import { DECLARED_ENVIRONMENT } from "./declared-tool-rows";

type CatalogRow = { serverId: number; environment: string; name: string; fingerprint: string; definition: string; firstSeenAt: Date; lastSeenAt: Date };
type Pin = { fingerprints: Map<string, string> } | null;
type Cursor = ToolCursor;

/**
 * GET /api/tools (DESIGN §11): discovered and declared tools across the registry, by name (UTF-16 code units, as
 * JCS sorts), then server and environment; search is a substring of the lowercased name, title and description
 * (through a trigram index where it serves, lib/tools/tool-search-index.ts).
 */
export async function listCatalogTools(query: ToolListQuery): Promise<{ tools: CatalogToolOutput[]; next_cursor: string | null }> {
  const after = query.cursor ? decodeToolCursor(query.cursor) : undefined;
  const filters: ToolFilters = { environment: query.environment, annotation: query.annotation };
  if (query.server !== undefined) {
    const server = await getDb().server.findUnique({ where: { name: query.server }, select: { id: true } });
    if (!server) return { tools: [], next_cursor: null };
    filters.serverId = server.id;
  }
  const rows = await catalogPage(query.search === undefined ? undefined : toSearchNeedle(query.search), filters, after, query.limit + 1);
  const page = rows.slice(0, query.limit);
  const [servers, pins] = await Promise.all([serversOf(page), pinsOf(page)]);
  const tools = page.flatMap((row) => {
    const server = servers.get(row.serverId);
    return server ? [toCatalogTool(row, server.name, pins.get(pinKey(row.serverId, row.environment)) ?? null, server.declared.get(row.name))] : [];
  });
  const last = page.at(-1);
  return { tools, next_cursor: rows.length > query.limit && last ? encodeToolCursor(last) : null };
}

const CATALOG_ROW = { id: true, serverId: true, environment: true, name: true, fingerprint: true, definition: true, firstSeenAt: true, lastSeenAt: true } as const;

/** Catalog rows in list order, declared beside discovered by the one rule of lib/tools/catalog-conditions.ts. */
async function catalogPage(needle: string | undefined, filters: ToolFilters, after: Cursor | undefined, take?: number): Promise<CatalogRow[]> {
  const ids = await catalogPageIds(needle, filters, after, take);
  if (ids.length === 0) return [];
  const rows = await getDb().catalogTool.findMany({ where: { id: { in: ids } }, select: CATALOG_ROW });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Who owns each row of a page, by id, with what its definition declares (a server deleted meanwhile drops its rows). */
async function serversOf(rows: CatalogRow[]): Promise<Map<number, { name: string; declared: Map<string, Declared> }>> {
  const servers = await getDb().server.findMany({ where: { id: { in: [...new Set(rows.map((row) => row.serverId))] } }, select: { id: true, name: true, definition: true } });
  return new Map(servers.map((server) => [server.id, { name: server.name, declared: declaredOf(server.definition) }]));
}

async function pinsOf(rows: CatalogRow[]): Promise<Map<string, Pin>> {
  if (rows.length === 0) return new Map();
  const wanted = new Set(rows.map((row) => pinKey(row.serverId, row.environment)));
  const toolsets = await getDb().toolset.findMany({
    where: { serverId: { in: [...new Set(rows.map((row) => row.serverId))] } },
    select: { serverId: true, environment: true, pinnedFingerprints: true },
  });
  return new Map(toolsets.filter((toolset) => wanted.has(pinKey(toolset.serverId, toolset.environment)))
    .map((toolset) => [pinKey(toolset.serverId, toolset.environment), pinOf(toolset.pinnedFingerprints)]));
}

function pinKey(serverId: number, environment: string): string {
  return `${serverId}\n${environment}`;
}

/** The pinned tools' fingerprints by name, as stored beside the pin. */
function pinOf(pinnedFingerprints: string | null): Pin {
  if (!pinnedFingerprints) return null;
  return { fingerprints: new Map(Object.entries(JSON.parse(pinnedFingerprints) as Record<string, string>)) };
}

/**
 * A declared row has no environment, was never seen by a probe, and is neither pinned nor drifted (pins are of probes).
 * `declared`: what the definition declares for a tool of this name, shown beside what was discovered.
 */
function toCatalogTool(row: CatalogRow, server: string, pin: Pin, declared: Declared | undefined): CatalogToolOutput {
  const definition = JSON.parse(row.definition) as ToolDefinition;
  const isDeclared = row.environment === DECLARED_ENVIRONMENT;
  const pinned = isDeclared ? undefined : pin?.fingerprints.get(row.name);
  return {
    server, environment: isDeclared ? null : row.environment, name: row.name,
    title: definition.title ?? null, description: definition.description ?? null, annotations: definition.annotations ?? null,
    fingerprint: row.fingerprint, source: isDeclared ? "declared" : "discovered",
    first_seen_at: isDeclared ? null : row.firstSeenAt.toISOString(), last_seen_at: isDeclared ? null : row.lastSeenAt.toISOString(),
    pinned: pinned === row.fingerprint, drift: !isDeclared && pin !== null && pinned !== row.fingerprint,
    unsupported_schema: hasUnusablePattern(row.definition, definition),
    ...declaredFields(declared),
  };
}

/**
 * A remote tool whose input schema has a `pattern` RE2 cannot compile (lookaround, backreferences): its calls are
 * refused (lib/health/call-tool.ts), so the catalog says so. Only schemas that mention a pattern are walked.
 */
function hasUnusablePattern(text: string, definition: ToolDefinition): boolean {
  return text.includes('"pattern') && findUnusablePatterns(definition.input_schema, "").length > 0;
}

function encodeToolCursor(row: Cursor): string {
  return Buffer.from(JSON.stringify([row.name, row.serverId, row.environment]), "utf8").toString("base64url");
}

function decodeToolCursor(text: string): Cursor {
  try {
    const [name, serverId, environment] = JSON.parse(Buffer.from(text, "base64url").toString("utf8")) as unknown[];
    if (typeof name === "string" && Number.isInteger(serverId) && typeof environment === "string") return { name, serverId: serverId as number, environment };
  } catch {
    // fall through to the one answer for any cursor not given out here
  }
  throw new InvalidInputError("The cursor is not one this server gave out.", [{ path: "/cursor", message: "is invalid" }]);
}

export type ServerTools = {
  environment: string;
  toolset_fingerprint: string | null;
  pinned_fingerprint: string | null;
  pinned_by: string | null;
  pinned_at: string | null;
  drift: ToolsetDiff | null;
  tools: ServerToolOutput[];
};

/**
 * GET /api/mcp-servers/:name/tools?environment= (DESIGN §11): the toolset the last successful probe of that
 * environment saw (default: the registry's own), its pin and drift, and — beside the discovered tools — the
 * tools the definition declares (`source: "declared"`) that no probe discovered there: the catalog's one rule.
 */
export async function getServerTools(name: string, environment?: string): Promise<ServerTools> {
  const server = await getDb().server.findUnique({ where: { name }, select: { id: true, definition: true } });
  if (!server) throw new NotFoundError(`MCP server '${name}' does not exist.`);
  const chosen = environment ?? getConfig().environment;
  const [toolset, rows] = await Promise.all([
    getDb().toolset.findUnique({ where: { serverId_environment: { serverId: server.id, environment: chosen } } }),
    catalogPage(undefined, { serverId: server.id, environment: chosen }, undefined),
  ]);
  const pin = pinOf(toolset?.pinnedFingerprints ?? null);
  const declared = declaredOf(server.definition);
  const tools = rows.map((row) => ({ ...toCatalogTool(row, name, pin, declared.get(row.name)), ...schemasOf(JSON.parse(row.definition) as ToolDefinition) }));

  const current = Object.fromEntries(rows.filter((row) => row.environment === chosen).map((row) => [row.name, JSON.parse(row.definition) as ToolDefinition]));
  const pinnedTools = toolset?.pinnedTools ? (JSON.parse(toolset.pinnedTools) as Record<string, ToolDefinition>) : null;
  const diff = toolset && pinnedTools && toolset.drift ? diffToolsets(pinnedTools, current) : null;
  return {
    environment: chosen,
    toolset_fingerprint: toolset?.fingerprint ?? null,
    pinned_fingerprint: toolset?.pinnedFingerprint ?? null,
    pinned_by: toolset?.pinnedBy ?? null,
    pinned_at: toolset?.pinnedAt?.toISOString() ?? null,
    drift: diff && !isEmptyDiff(diff) ? diff : null,
    tools,
  };
}

type Declared = { description?: string; version?: string };

/** The definition's declared tools by name (the last declaration of a name wins, as in the catalog). */
function declaredOf(definition: string): Map<string, Declared> {
  const tools = (JSON.parse(definition) as { tools?: (Declared & { name: string })[] }).tools ?? [];
  return new Map(tools.map((tool) => [tool.name, tool]));
}

/**
 * What the definition declares for a tool, beside what a probe discovered: a declared description is what clients
 * see (DESIGN §19, seed 004), while `description` stays the row's own, so the catalog shows both.
 */
function declaredFields(tool: Declared | undefined) {
  return { declared_description: tool?.description ?? null, version: tool?.version ?? null };
}

function schemasOf(definition: ToolDefinition) {
  return { input_schema: definition.input_schema, output_schema: definition.output_schema ?? null, icons: definition.icons ?? null };
}

/** One tool of a server in an environment, for callers elsewhere in the registry (virtual tools, the gateway). */
export type ServerTool = Pick<ServerToolOutput, "name" | "title" | "description" | "input_schema" | "output_schema" | "annotations" | "fingerprint" | "source">;

/**
 * The tools of a server in an environment (default: the registry's own): what the last successful probe
 * discovered, and each declared tool no probe discovered under that name. Sorted by name. 404 for an unknown server.
 */
export async function listServerTools(serverName: string, environment?: string): Promise<ServerTool[]> {
  const { tools } = await getServerTools(serverName, environment);
  return tools.map(({ name, title, description, input_schema, output_schema, annotations, fingerprint, source }) => ({ name, title, description, input_schema, output_schema, annotations, fingerprint, source }));
}
