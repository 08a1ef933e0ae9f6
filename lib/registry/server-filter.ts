import { Prisma } from "../generated/prisma/client";
import type { ServerListQuery } from "../schemas/server-query";
import { toSearchNeedle } from "../data/search-text";

/**
 * The one filter of GET /api/mcp-servers, as an SQL condition on "Server" that reads the same on SQLite and
 * PostgreSQL. The page, its count and the previous page's cursor are all built from it, so they cannot disagree.
 *
 * Tags, capability strings and health are `IN` subqueries over their indexed tables: the planner reads each
 * once, where Prisma's relation filters (`some`) become a correlated subquery per server row. Search is LIKE
 * on the lowercased "searchText", whose wildcards lib/data/search-text.ts neutralised on both sides.
 */
export function serverFilterSql(query: ServerListQuery): Prisma.Sql {
  const conditions: Prisma.Sql[] = [
    ...query.tags.map((tag) => Prisma.sql`"id" IN (SELECT "serverId" FROM "ServerTag" WHERE "tag" = ${tag})`),
    ...query.provides.map((value) => Prisma.sql`"id" IN (SELECT "serverId" FROM "ServerProvide" WHERE "value" = ${value})`),
  ];
  if (query.transport) conditions.push(Prisma.sql`"transportType" = ${query.transport}`);
  if (query.search) conditions.push(Prisma.sql`"searchText" LIKE ${`%${toSearchNeedle(query.search)}%`}`);
  if (query.health.length) conditions.push(healthCondition(query.health));
  return conditions.length === 0 ? Prisma.sql`1 = 1` : Prisma.join(conditions, " AND ");
}

/** A server without a health row has not been probed yet: its status reads as "unknown". */
function healthCondition(statuses: ServerListQuery["health"]): Prisma.Sql {
  const probed = Prisma.sql`"id" IN (SELECT "serverId" FROM "ServerHealth" WHERE "status" IN (${Prisma.join(statuses)}))`;
  if (!statuses.includes("unknown")) return probed;
  return Prisma.sql`(${probed} OR "id" NOT IN (SELECT "serverId" FROM "ServerHealth"))`;
}
