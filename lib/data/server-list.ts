import { getDb } from "../db";
import { InvalidInputError } from "../errors";
import type { Prisma } from "../generated/prisma/client";
import type { ServerListQuery } from "../schemas/server-query";
import type { ServerList } from "../schemas/server-output";
import { toSearchNeedle } from "./search-text";
import { toServerSummary } from "./server-record";

/**
 * Pages are ordered by name; a cursor is the last name of the previous page, opaque to clients. `total` counts
 * every match; `previous_cursor` opens the page before this one (null when that is the first page, or none).
 */
export async function listServers(query: ServerListQuery): Promise<ServerList> {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const filter = filterOf(query);
  const [rows, total, before] = await Promise.all([
    getDb().server.findMany({
      where: { AND: [filter, after === undefined ? {} : { name: { gt: after } }] },
      orderBy: { name: "asc" },
      take: query.limit + 1,
      select: { name: true, definition: true, revision: true, createdAt: true, modifiedAt: true, health: true },
    }),
    getDb().server.count({ where: filter }),
    // The previous page is the `limit` names up to `after`; the name before those is its cursor.
    after === undefined ? [] : getDb().server.findMany({
      where: { AND: [filter, { name: { lte: after } }] }, orderBy: { name: "desc" }, take: query.limit + 1, select: { name: true },
    }),
  ]);

  const page = rows.slice(0, query.limit);
  const hasMore = rows.length > query.limit;
  return {
    mcp_servers: page.map(toServerSummary),
    next_cursor: hasMore ? encodeCursor(page[page.length - 1].name) : null,
    previous_cursor: before.length > query.limit ? encodeCursor(before[query.limit].name) : null,
    total,
  };
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
