-- This is an empty migration.

-- Hand-written (not from prisma migrate diff):
-- Catalog search (GET /api/tools?search=, a LIKE '%…%' on "searchText") through a pg_trgm GIN index, which the
-- planner uses for LIKE of three or more characters; pg_trgm ships with PostgreSQL and is a trusted extension.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX "CatalogTool_searchText_trgm_idx" ON "CatalogTool" USING gin ("searchText" gin_trgm_ops);
