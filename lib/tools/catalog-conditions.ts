import { Prisma } from "../generated/prisma/client";
import type { ANNOTATION_HINTS } from "../schemas/tools";
import { DECLARED_ENVIRONMENT } from "./declared-tool-rows";

type AnnotationHint = (typeof ANNOTATION_HINTS)[number];
/** The catalog filters besides search, as GET /api/tools takes them (the server already turned into its id). */
export type ToolFilters = { environment?: string; annotation?: AnnotationHint; serverId?: number };
export type ToolCursor = { name: string; serverId: number; environment: string };

/**
 * `?annotation=`: each is the WHERE clause of its partial index (migration 0013), written out as a literal because
 * the planners (SQLite and PostgreSQL alike) use a partial index only for a query that states its condition; a
 * bound pattern would walk the name order past every row without the hint.
 */
export const HINT_CONDITIONS: Readonly<Record<AnnotationHint, Prisma.Sql>> = {
  readOnlyHint: Prisma.sql`"hints" LIKE '%,readOnlyHint,%'`,
  destructiveHint: Prisma.sql`"hints" LIKE '%,destructiveHint,%'`,
  idempotentHint: Prisma.sql`"hints" LIKE '%,idempotentHint,%'`,
  openWorldHint: Prisma.sql`"hints" LIKE '%,openWorldHint,%'`,
};

/**
 * The WHERE conditions of a catalog page, on both engines and both query paths (trigram index and scan): the
 * filters, the cursor, and which declared rows show (`isDeclaredShown`).
 */
export function catalogConditions(filters: ToolFilters, after: ToolCursor | undefined): Prisma.Sql[] {
  const conditions = [isDeclaredShown(filters.environment)];
  if (filters.environment !== undefined) conditions.push(Prisma.sql`"environment" IN (${filters.environment}, ${DECLARED_ENVIRONMENT})`);
  if (filters.annotation !== undefined) conditions.push(HINT_CONDITIONS[filters.annotation]);
  if (filters.serverId !== undefined) conditions.push(Prisma.sql`"serverId" = ${filters.serverId}`);
  if (after) {
    conditions.push(Prisma.sql`("name" > ${after.name} OR ("name" = ${after.name} AND "serverId" > ${after.serverId})
      OR ("name" = ${after.name} AND "serverId" = ${after.serverId} AND "environment" > ${after.environment}))`);
  }
  return conditions;
}

/**
 * The one rule for declared tools beside discovered ones (GET /api/tools and GET /api/mcp-servers/{name}/tools
 * alike): a declared tool shows unless a probe discovered a tool of that name on its server in the environment
 * looked at — in any environment when none is named — so each tool shows once, and as discovered when it was.
 */
function isDeclaredShown(environment: string | undefined): Prisma.Sql {
  const looked = environment === undefined ? Prisma.sql`"found"."environment" <> ${DECLARED_ENVIRONMENT}` : Prisma.sql`"found"."environment" = ${environment}`;
  return Prisma.sql`("environment" <> ${DECLARED_ENVIRONMENT} OR NOT EXISTS (SELECT 1 FROM "CatalogTool" AS "found"
    WHERE "found"."serverId" = "CatalogTool"."serverId" AND "found"."name" = "CatalogTool"."name" AND ${looked}))`;
}
