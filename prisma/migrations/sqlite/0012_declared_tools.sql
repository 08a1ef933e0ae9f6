-- This is an empty migration.

-- Hand-written (not from prisma migrate diff):
-- The declared tools of every stored definition become catalog rows of environment "" (lib/data/declared-tools.ts),
-- so an upgraded registry lists them at once. Their fingerprints (RFC 8785 JCS + SHA-256) and search text need
-- JavaScript: the rows are written by this migration's data step, lib/db/migration-steps.ts, in its transaction.
