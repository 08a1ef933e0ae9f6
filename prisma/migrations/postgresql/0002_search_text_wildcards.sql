-- This is an empty migration.

-- Hand-written (not from prisma migrate diff):
-- searchText holds %, _ and \ as U+E000, U+E001, U+E002 (lib/data/search-text.ts).
UPDATE "Server" SET "searchText" = replace(replace(replace("searchText", '%', chr(57344)), '_', chr(57345)), '\', chr(57346));
