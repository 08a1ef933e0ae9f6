-- This is an empty migration.

-- Hand-written (not from prisma migrate diff):
-- Nothing to do: SQLite compares text byte by byte (BINARY) already. PostgreSQL's columns get COLLATE "C".
