import { getDb } from "../db";
import { InvalidInputError } from "../errors";
import type { Prisma } from "../generated/prisma/client";
import type { ServerListQuery } from "../schemas/server-query";
import type { ServerList } from "../schemas/server-output";
import { toSearchNeedle } from "./search-text";
import { toHealthSummary } from "./server-record";
import { driftedServerIds } from "./tool-catalog";
import { knownSummary, summarise, type StoredSummary } from "./server-summaries";

/**
 * Pages are ordered by name; a cursor is the last name of the previous page, opaque to clients. `total` counts
 * every match; `previous_cursor` opens the page before this one (null when that is the first page, or none).
 *
 * The page's rows are read without their definitions: summaries come from those kept per revision
 * (lib/data/server-summaries.ts), and only definitions not summarised yet are read and parsed. Health is read
 * for the page's rows alone; it is joined into the filter only when `health=` asks for it.
 */
export async function listServers(query: ServerListQuery): Promise<ServerList> {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const filter = filterOf(query);
  const [rows, total, before] = await Promise.all([
    getDb().server.findMany({
      where: { AND: [filter, after === undefined ? {} : { name: { gt: after } }] },
      orderBy: { name: "asc" },
      take: query.limit + 1,
      select: { id: true, name: true, revision: true, modifiedAt: true },
    }),
    getDb().server.count({ where: filter }),
    // The previous page is the `limit` names up to `after`; the name before those is its cursor.
    after === undefined ? [] : getDb().server.findMany({
      where: { AND: [filter, { name: { lte: after } }] }, orderBy: { name: "desc" }, take: query.limit + 1, select: { name: true },
    }),
  ]);

  const page = rows.slice(0, query.limit);
  const hasMore = rows.length > query.limit;
  const summaries = await summariesOf(page);
  return {
    mcp_servers: summaries,
    next_cursor: hasMore ? encodeCursor(page[page.length - 1].name) : null,
    previous_cursor: before.length > query.limit ? encodeCursor(before[query.limit].name) : null,
    total,
  };
}

type PageRow = { id: number; name: string; revision: number; modifiedAt: Date };

async function summariesOf(page: PageRow[]) {
  const known = new Map<number, StoredSummary>();
  for (const row of page) {
    const summary = knownSummary(row);
    if (summary) known.set(row.id, summary);
  }
  const missing = page.filter((row) => !known.has(row.id)).map((row) => row.id);
  const [definitions, healths, drifted] = await Promise.all([
    missing.length === 0 ? [] : getDb().server.findMany({
      where: { id: { in: missing } },
      select: { id: true, definition: true, revision: true, createdAt: true, modifiedAt: true },
    }),
    getDb().serverHealth.findMany({ where: { serverId: { in: page.map((row) => row.id) } }, select: { serverId: true, status: true, checkedAt: true, latencyMs: true } }),
    driftedServerIds(page.map((row) => row.id)),
  ]);
  for (const row of definitions) known.set(row.id, summarise(row));
  const healthOf = new Map(healths.map((health) => [health.serverId, health]));
  // A server deleted between the two reads has no definition left: it leaves the page.
  return page.flatMap((row) => {
    const summary = known.get(row.id);
    if (!summary) return [];
    const { modified_at, ...rest } = summary;
    return [{ ...rest, health: { ...toHealthSummary(healthOf.get(row.id)), drift: drifted.has(row.id) }, modified_at }];
  });
}

export async function listEnvironmentNames(): Promise<string[]> {
  const rows = await getDb().server.findMany({ select: { definition: true } });
  const names = new Set<string>();
  for (const row of rows) {
    const environments = (JSON.parse(row.definition) as { environments?: Record<string, unknown> }).environments;
    for (const name of Object.keys(environments ?? {})) names.add(name);
  }
  return [...names];
}

function filterOf(query: ServerListQuery): Prisma.ServerWhereInput {
  const conditions: Prisma.ServerWhereInput[] = [
    ...query.tags.map((tag) => ({ tags: { some: { tag } } })),
    ...query.provides.map((value) => ({ provides: { some: { value } } })),
  ];
  if (query.transport) conditions.push({ transportType: query.transport });
  if (query.search) conditions.push({ searchText: { contains: toSearchNeedle(query.search) } });
  if (query.health.length) {
    const statuses = query.health;
    conditions.push({
      OR: [
        { health: { status: { in: statuses } } },
        ...(statuses.includes("unknown") ? [{ health: null }] : []),
      ],
    });
  }
  return { AND: conditions };
}

export function encodeCursor(name: string): string {
  return Buffer.from(name, "utf8").toString("base64url");
}

export function decodeCursor(cursor: string): string {
  const name = Buffer.from(cursor, "base64url").toString("utf8");
  if (!/^[a-z0-9][a-z0-9._-]{0,99}$/.test(name)) {
    throw new InvalidInputError("The cursor is not one this server gave out.", [{ path: "/cursor", message: "is invalid" }]);
  }
  return name;
}
