-- CreateTable
CREATE TABLE "CatalogTool" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "serverId" INTEGER NOT NULL,
    "environment" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "definition" TEXT NOT NULL,
    "searchText" TEXT NOT NULL,
    "hints" TEXT NOT NULL,
    "firstSeenAt" DATETIME NOT NULL,
    "lastSeenAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "Toolset" (
    "serverId" INTEGER NOT NULL,
    "environment" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "instructions" TEXT,
    "pinnedTools" TEXT,
    "pinnedFingerprints" TEXT,
    "pinnedFingerprint" TEXT,
    "pinnedBy" TEXT,
    "pinnedAt" DATETIME,
    "drift" BOOLEAN NOT NULL,
    "lastSeenAt" DATETIME NOT NULL,

    PRIMARY KEY ("serverId", "environment")
);

-- CreateTable
CREATE TABLE "DriftEvent" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "serverId" INTEGER NOT NULL,
    "environment" TEXT NOT NULL,
    "at" DATETIME NOT NULL,
    "toolsetFingerprint" TEXT NOT NULL,
    "changes" TEXT NOT NULL
);

-- CreateTable
CREATE TABLE "Approval" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "kind" TEXT NOT NULL,
    "serverName" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "tool" TEXT,
    "arguments" TEXT,
    "argumentsHash" TEXT,
    "context" TEXT,
    "toolsetFingerprint" TEXT,
    "requestedBy" TEXT NOT NULL,
    "requestedAt" DATETIME NOT NULL,
    "state" TEXT NOT NULL,
    "decidedBy" TEXT,
    "decidedAt" DATETIME,
    "expiresAt" DATETIME NOT NULL,
    "consumedAt" DATETIME
);

-- CreateIndex
CREATE INDEX "CatalogTool_name_serverId_environment_idx" ON "CatalogTool"("name", "serverId", "environment");

-- CreateIndex
CREATE UNIQUE INDEX "CatalogTool_serverId_environment_name_key" ON "CatalogTool"("serverId", "environment", "name");

-- CreateIndex
CREATE INDEX "DriftEvent_serverId_id_idx" ON "DriftEvent"("serverId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "DriftEvent_serverId_environment_toolsetFingerprint_key" ON "DriftEvent"("serverId", "environment", "toolsetFingerprint");

-- CreateIndex
CREATE INDEX "Approval_state_requestedAt_id_idx" ON "Approval"("state", "requestedAt", "id");

-- CreateIndex
CREATE INDEX "Approval_requestedBy_serverName_environment_tool_argumentsHash_idx" ON "Approval"("requestedBy", "serverName", "environment", "tool", "argumentsHash");

-- Hand-written (not from prisma migrate diff):
-- SQLite's default BINARY collation already compares tool names byte by byte (PostgreSQL needs COLLATE "C").
