-- This is an empty migration.

-- Hand-written (not from prisma migrate diff):
-- GET /api/tools?annotation=<hint>: one partial index per hint, in list order, holding only the rows that declare it
-- true. Without them a page walked the name index past every row without the hint (a rare hint: the whole catalog).
-- The planners use a partial index only for a query whose condition is this WHERE clause written out, so
-- lib/data/catalog-conditions.ts writes the same literal pattern (its test compares them with this file).
CREATE INDEX "CatalogTool_readOnlyHint_idx" ON "CatalogTool" ("name", "serverId", "environment") WHERE "hints" LIKE '%,readOnlyHint,%';
CREATE INDEX "CatalogTool_destructiveHint_idx" ON "CatalogTool" ("name", "serverId", "environment") WHERE "hints" LIKE '%,destructiveHint,%';
CREATE INDEX "CatalogTool_idempotentHint_idx" ON "CatalogTool" ("name", "serverId", "environment") WHERE "hints" LIKE '%,idempotentHint,%';
CREATE INDEX "CatalogTool_openWorldHint_idx" ON "CatalogTool" ("name", "serverId", "environment") WHERE "hints" LIKE '%,openWorldHint,%';
