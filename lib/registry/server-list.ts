import { getDb } from "../db";
import { getConfig } from "../env";
import { InvalidInputError } from "../errors";
import type { ServerListQuery } from "../schemas/server-query";
import type { ServerList } from "../schemas/server-output";
import { serverFilterSql } from "./server-filter";
import { toHealthSummary } from "./server-record";
import { afterSql, decodeSortCursor, encodeSortCursor, keySql, orderBySql, orderOfPageSql, serverOrder } from "./server-sort";
import { knownSummary, summarise, type StoredSummary } from "./server-summaries";

/**
 * Pages are ordered by `sort` (lib/registry/server-sort.ts), name by default; a cursor is where the previous page
 * ended, opaque to clients. `total` counts
 * every match; `previous_cursor` opens the page before this one (null when that is the first page, or none).
 *
 * The page's rows are read without their definitions: summaries come from those kept per revision
 * (lib/registry/server-summaries.ts), and only definitions not summarised yet are read and parsed. Health and drift are
 * joined to the page's rows alone; it is joined into the filter only when `health=` asks for it.
 */
export async function listServers(query: ServerListQuery): Promise<ServerList> {
  const order = serverOrder(query.sort);
  const after = query.cursor ? decodeSortCursor(order, query.cursor) : undefined;
  const filter = serverFilterSql(query);
  const db = getDb();
  const [rows, counted, before] = await Promise.all([
    // Health and drift are joined to the page's rows alone, after the filter chose them.
    db.$queryRaw<PageRow[]>`SELECT page."id", page."name", page."revision", page."modifiedAt", page."sortKey",
        health."status", health."checkedAt", health."latencyMs", toolset."drift"
      FROM (SELECT "id", "name", "revision", "modifiedAt", ${keySql(order)} AS "sortKey" FROM "Server"
        WHERE ${filter} AND ${afterSql(order, after)}
        ORDER BY ${orderBySql(order)} LIMIT ${query.limit + 1}) AS page
      LEFT JOIN "ServerHealth" AS health ON health."serverId" = page."id"
      LEFT JOIN "Toolset" AS toolset ON toolset."serverId" = page."id" AND toolset."environment" = ${getConfig().environment}
      ORDER BY ${orderOfPageSql(order, "page")}`,
    db.$queryRaw<{ total: number | bigint }[]>`SELECT COUNT(*) AS "total" FROM "Server" WHERE ${filter}`,
    // The previous page is the `limit` rows up to `after`; the row before those is its cursor.
    after === undefined ? [] : db.$queryRaw<CursorRow[]>`SELECT "name", ${keySql(order)} AS "sortKey" FROM "Server"
      WHERE ${filter} AND ${afterSql(order, after, true)} ORDER BY ${orderBySql(order, true)} LIMIT ${query.limit + 1}`,
  ]);

  const page = rows.slice(0, query.limit);
  const hasMore = rows.length > query.limit;
  const summaries = await summariesOf(page);
  return {
    mcp_servers: summaries,
    next_cursor: hasMore ? encodeSortCursor(order, page[page.length - 1]) : null,
    previous_cursor: before.length > query.limit ? encodeSortCursor(order, before[query.limit]) : null,
    total: Number(counted[0].total),
  };
}

type CursorRow = { name: string; sortKey: unknown };
type PageRow = {
  id: number; name: string; revision: number; modifiedAt: Date; sortKey: unknown;
  status: string | null; checkedAt: Date | null; latencyMs: number | null; drift: boolean | number | null;
};

async function summariesOf(page: PageRow[]) {
  const known = new Map<number, StoredSummary>();
  for (const row of page) {
    const summary = knownSummary(row);
    if (summary) known.set(row.id, summary);
  }
  const missing = page.filter((row) => !known.has(row.id)).map((row) => row.id);
  const definitions = missing.length === 0 ? [] : await getDb().server.findMany({
    where: { id: { in: missing } },
    select: { id: true, definition: true, revision: true, createdAt: true, modifiedAt: true },
  });
  for (const row of definitions) known.set(row.id, summarise(row));
  // A server deleted between the two reads has no definition left: it leaves the page.
  return page.flatMap((row) => {
    const summary = known.get(row.id);
    if (!summary) return [];
    const { modified_at, ...rest } = summary;
    const health = row.status === null ? null : { status: row.status, checkedAt: row.checkedAt, latencyMs: row.latencyMs };
    return [{ ...rest, health: { ...toHealthSummary(health), drift: Boolean(row.drift) }, modified_at }];
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
