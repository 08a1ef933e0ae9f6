-- This is an empty migration.

-- Hand-written (not from prisma migrate diff):
-- searchText holds %, _ and \ as U+E000, U+E001, U+E002 (lib/data/search-text.ts).
UPDATE "Server" SET "searchText" = replace(replace(replace("searchText", '%', char(57344)), '_', char(57345)), '\', char(57346));
