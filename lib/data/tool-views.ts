import { getDb } from "../db";
import { getConfig } from "../env";
import { InvalidInputError, NotFoundError } from "../errors";
import type { Prisma } from "../generated/prisma/client";
import { findUnusablePatterns } from "../schemas/json-schema-shape";
import type { CatalogToolOutput, ServerToolOutput, ToolListQuery } from "../schemas/tools";
import { toolFingerprint } from "../tools/fingerprint";
import type { ToolDefinition } from "../tools/tool-definition";
import { diffToolsets, isEmptyDiff, type ToolsetDiff } from "../tools/toolset-diff";
import { toSearchNeedle } from "./search-text";
import { definitionOf } from "./server-record";
import { pageFromSearchIndex, type ToolCursor, type ToolFilters } from "./tool-search-index";

type CatalogRow = { serverId: number; environment: string; name: string; fingerprint: string; definition: string; firstSeenAt: Date; lastSeenAt: Date };
type Pin = { fingerprints: Map<string, string> } | null;
type Cursor = ToolCursor;

/**
 * GET /api/tools (DESIGN §11): discovered tools across the registry, by name (UTF-16 code units, as JCS sorts),
 * then server and environment; search is a substring of the lowercased name, title and description (through a
 * trigram index where it serves, lib/data/tool-search-index.ts).
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
  const [names, pins] = await Promise.all([serverNames(page), pinsOf(page)]);
  const tools = page.flatMap((row) => {
    const server = names.get(row.serverId);
    return server ? [toCatalogTool(row, server, pins.get(pinKey(row.serverId, row.environment)) ?? null)] : [];
  });
  const last = page.at(-1);
  return { tools, next_cursor: rows.length > query.limit && last ? encodeToolCursor(last) : null };
}

const CATALOG_ROW = { id: true, serverId: true, environment: true, name: true, fingerprint: true, definition: true, firstSeenAt: true, lastSeenAt: true } as const;

/** Up to `take` catalog rows in list order: through the search index when it serves the needle, else one filtered scan. */
async function catalogPage(needle: string | undefined, filters: ToolFilters, after: Cursor | undefined, take: number): Promise<CatalogRow[]> {
  const ids = needle === undefined ? null : await pageFromSearchIndex(needle, filters, after, take);
  if (ids !== null) {
    const rows = await getDb().catalogTool.findMany({ where: { id: { in: ids } }, select: CATALOG_ROW });
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }
  const where: Prisma.CatalogToolWhereInput = {};
  if (needle !== undefined) where.searchText = { contains: needle };
  if (filters.environment !== undefined) where.environment = filters.environment;
  if (filters.annotation !== undefined) where.hints = { contains: `,${filters.annotation},` };
  if (filters.serverId !== undefined) where.serverId = filters.serverId;
  return getDb().catalogTool.findMany({
    where: after ? { AND: [where, afterCursor(after)] } : where,
    orderBy: [{ name: "asc" }, { serverId: "asc" }, { environment: "asc" }],
    take,
    select: CATALOG_ROW,
  });
}

/** Who owns each row of a page, by id (a server deleted meanwhile drops its rows). */
async function serverNames(rows: CatalogRow[]): Promise<Map<number, string>> {
  const servers = await getDb().server.findMany({ where: { id: { in: [...new Set(rows.map((row) => row.serverId))] } }, select: { id: true, name: true } });
  return new Map(servers.map((server) => [server.id, server.name]));
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

function toCatalogTool(row: CatalogRow, server: string, pin: Pin): CatalogToolOutput {
  const definition = JSON.parse(row.definition) as ToolDefinition;
  const pinned = pin?.fingerprints.get(row.name);
  return {
    server, environment: row.environment, name: row.name,
    title: definition.title ?? null, description: definition.description ?? null, annotations: definition.annotations ?? null,
    fingerprint: row.fingerprint, source: "discovered",
    first_seen_at: row.firstSeenAt.toISOString(), last_seen_at: row.lastSeenAt.toISOString(),
    pinned: pinned === row.fingerprint, drift: pin !== null && pinned !== row.fingerprint,
    unsupported_schema: hasUnusablePattern(row.definition, definition),
  };
}

/**
 * A remote tool whose input schema has a `pattern` RE2 cannot compile (lookaround, backreferences): its calls are
 * refused (lib/health/call-tool.ts), so the catalog says so. Only schemas that mention a pattern are walked.
 */
function hasUnusablePattern(text: string, definition: ToolDefinition): boolean {
  return text.includes('"pattern') && findUnusablePatterns(definition.input_schema, "").length > 0;
}

function afterCursor(after: Cursor): Prisma.CatalogToolWhereInput {
  return {
    OR: [
      { name: { gt: after.name } },
      { name: after.name, serverId: { gt: after.serverId } },
      { name: after.name, serverId: after.serverId, environment: { gt: after.environment } },
    ],
  };
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
 * tools the definition declares (`source: "declared"`).
 */
export async function getServerTools(name: string, environment?: string): Promise<ServerTools> {
  const server = await getDb().server.findUnique({ where: { name }, select: { id: true, definition: true } });
  if (!server) throw new NotFoundError(`MCP server '${name}' does not exist.`);
  const chosen = environment ?? getConfig().environment;
  const [toolset, rows] = await Promise.all([
    getDb().toolset.findUnique({ where: { serverId_environment: { serverId: server.id, environment: chosen } } }),
    getDb().catalogTool.findMany({
      where: { serverId: server.id, environment: chosen }, orderBy: { name: "asc" },
      select: { serverId: true, environment: true, name: true, fingerprint: true, definition: true, firstSeenAt: true, lastSeenAt: true },
    }),
  ]);
  const pin = pinOf(toolset?.pinnedFingerprints ?? null);
  const discovered = rows.map((row) => ({ ...toCatalogTool(row, name, pin), ...schemasOf(JSON.parse(row.definition) as ToolDefinition) }));
  const declared = declaredTools(name, definitionOf(server));

  const current = Object.fromEntries(rows.map((row) => [row.name, JSON.parse(row.definition) as ToolDefinition]));
  const pinnedTools = toolset?.pinnedTools ? (JSON.parse(toolset.pinnedTools) as Record<string, ToolDefinition>) : null;
  const diff = toolset && pinnedTools && toolset.drift ? diffToolsets(pinnedTools, current) : null;
  return {
    environment: chosen,
    toolset_fingerprint: toolset?.fingerprint ?? null,
    pinned_fingerprint: toolset?.pinnedFingerprint ?? null,
    pinned_by: toolset?.pinnedBy ?? null,
    pinned_at: toolset?.pinnedAt?.toISOString() ?? null,
    drift: diff && !isEmptyDiff(diff) ? diff : null,
    tools: [...discovered, ...declared],
  };
}

function schemasOf(definition: ToolDefinition) {
  return { input_schema: definition.input_schema, output_schema: definition.output_schema ?? null, icons: definition.icons ?? null };
}

function declaredTools(server: string, definition: ReturnType<typeof definitionOf>): ServerToolOutput[] {
  return (definition.tools ?? []).map((tool) => {
    const fingerprinted: ToolDefinition = { name: tool.name, ...(tool.description !== undefined && { description: tool.description }), input_schema: tool.input_schema ?? { type: "object" } };
    return {
      server, environment: null, name: tool.name, title: null, description: tool.description ?? null, annotations: null,
      fingerprint: toolFingerprint(fingerprinted), source: "declared", first_seen_at: null, last_seen_at: null,
      pinned: false, drift: false, unsupported_schema: false, ...schemasOf(fingerprinted),
    };
  });
}

/** One tool of a server in an environment, for callers elsewhere in the registry (virtual tools, the gateway). */
export type ServerTool = Pick<ServerToolOutput, "name" | "title" | "description" | "input_schema" | "output_schema" | "annotations" | "fingerprint" | "source">;

/**
 * The tools of a server in an environment (default: the registry's own): what the last successful probe
 * discovered, and each declared tool no probe discovered under that name. Sorted by name. 404 for an unknown server.
 */
export async function listServerTools(serverName: string, environment?: string): Promise<ServerTool[]> {
  const { tools } = await getServerTools(serverName, environment);
  const discovered = new Set(tools.filter((tool) => tool.source === "discovered").map((tool) => tool.name));
  return tools
    .filter((tool) => tool.source === "discovered" || !discovered.has(tool.name))
    .map(({ name, title, description, input_schema, output_schema, annotations, fingerprint, source }) => ({ name, title, description, input_schema, output_schema, annotations, fingerprint, source }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
