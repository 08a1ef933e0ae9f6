import { getDb } from "../db";
import { Prisma } from "../generated/prisma/client";
import { catalogConditions, type ToolCursor, type ToolFilters } from "./catalog-conditions";
import { pageFromSearchIndex } from "./tool-search-index";

/**
 * The ids of up to `take` catalog rows (all when absent) in list order — name (UTF-16 code units, as JCS sorts),
 * server, environment — whose search text holds `needle` (lib/data/search-text.ts): through the trigram index
 * where it serves, else one scan in name order. Declared and discovered rows alike (lib/tools/catalog-conditions.ts).
 */
export async function catalogPageIds(needle: string | undefined, filters: ToolFilters, after: ToolCursor | undefined, take?: number): Promise<number[]> {
  const indexed = needle === undefined || take === undefined ? null : await pageFromSearchIndex(needle, filters, after, take);
  if (indexed !== null) return indexed;

  const conditions = catalogConditions(filters, after);
  // The needle holds no LIKE wildcard (search-text.ts neutralizes them); on PostgreSQL the pg_trgm index serves it.
  if (needle !== undefined) conditions.push(Prisma.sql`"searchText" LIKE ${`%${needle}%`}`);
  const limit = take === undefined ? Prisma.empty : Prisma.sql`LIMIT ${take}`;
  const rows = await getDb().$queryRaw<{ id: number | bigint }[]>`
    SELECT "id" FROM "CatalogTool" WHERE ${Prisma.join(conditions, " AND ")}
    ORDER BY "name", "serverId", "environment" ${limit}`;
  return rows.map((row) => Number(row.id));
}
