-- This is an empty migration.

-- Hand-written (not from prisma migrate diff):
-- Names and labels sort and compare byte by byte, as SQLite's BINARY does, whatever the database's default
-- collation: list order and cursors are the same on both engines. (Prisma's schema cannot say COLLATE.)
ALTER TABLE "Server" ALTER COLUMN "name" TYPE TEXT COLLATE "C";
ALTER TABLE "ServerTag" ALTER COLUMN "tag" TYPE TEXT COLLATE "C";
ALTER TABLE "ServerProvide" ALTER COLUMN "value" TYPE TEXT COLLATE "C";
ALTER TABLE "Capability" ALTER COLUMN "name" TYPE TEXT COLLATE "C";
ALTER TABLE "Agent" ALTER COLUMN "name" TYPE TEXT COLLATE "C";
ALTER TABLE "Reference" ALTER COLUMN "ownerName" TYPE TEXT COLLATE "C";
ALTER TABLE "Reference" ALTER COLUMN "targetName" TYPE TEXT COLLATE "C";
ALTER TABLE "Revision" ALTER COLUMN "entityName" TYPE TEXT COLLATE "C";
