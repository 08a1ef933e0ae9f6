import { getDb } from "../db";
import { getConfig, isPostgresUrl } from "../env";
import { Prisma } from "../generated/prisma/client";
import { catalogConditions, type ToolCursor, type ToolFilters } from "./catalog-conditions";

/**
 * Above this many matches the index stops paying: sorting them all by name costs more than walking the name
 * index until a page of matches is found (they are then at least 1 in 30 rows of a 150,000-tool catalog).
 */
const MOST_MATCHES = 5_000;
/** FTS5's trigram tokenizer indexes three characters (code points) at a time: shorter needles cannot use it. */
const TRIGRAM = 3;

/**
 * The ids of one page of catalog rows whose search text holds `needle` (lowercased, as lib/data/search-text.ts
 * stores it), in list order, through SQLite's FTS5 trigram index (migration 0010) — or null when the index does
 * not serve this search better than the scan: on PostgreSQL (there the pg_trgm GIN index serves the scan's own
 * LIKE), for needles under three characters, and for needles so common that walking the name order is cheaper.
 */
export async function pageFromSearchIndex(needle: string, filters: ToolFilters, after: ToolCursor | undefined, take: number): Promise<number[] | null> {
  if (isPostgresUrl(getConfig().DATABASE_URL) || [...needle].length < TRIGRAM) return null;
  // A phrase: the needle's trigrams in a row, i.e. a substring. `"` is the only character a phrase escapes.
  const phrase = `"${needle.replaceAll('"', '""')}"`;
  const probe = await getDb().$queryRaw<{ id: number }[]>`
    SELECT rowid AS id FROM "CatalogToolSearch" WHERE "CatalogToolSearch" MATCH ${phrase} LIMIT ${MOST_MATCHES + 1}`;
  if (probe.length > MOST_MATCHES) return null;
  if (probe.length === 0) return [];

  const conditions = [Prisma.sql`"id" IN (SELECT rowid FROM "CatalogToolSearch" WHERE "CatalogToolSearch" MATCH ${phrase})`, ...catalogConditions(filters, after)];
  const rows = await getDb().$queryRaw<{ id: number | bigint }[]>`
    SELECT "id" FROM "CatalogTool" WHERE ${Prisma.join(conditions, " AND ")}
    ORDER BY "name", "serverId", "environment" LIMIT ${take}`;
  return rows.map((row) => Number(row.id));
}
