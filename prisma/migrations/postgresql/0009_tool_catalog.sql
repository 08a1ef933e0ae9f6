-- CreateTable
CREATE TABLE "CatalogTool" (
    "id" SERIAL NOT NULL,
    "serverId" INTEGER NOT NULL,
    "environment" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "definition" TEXT NOT NULL,
    "searchText" TEXT NOT NULL,
    "hints" TEXT NOT NULL,
    "firstSeenAt" TIMESTAMP(3) NOT NULL,
    "lastSeenAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CatalogTool_pkey" PRIMARY KEY ("id")
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
    "pinnedAt" TIMESTAMP(3),
    "drift" BOOLEAN NOT NULL,
    "lastSeenAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Toolset_pkey" PRIMARY KEY ("serverId","environment")
);

-- CreateTable
CREATE TABLE "DriftEvent" (
    "id" SERIAL NOT NULL,
    "serverId" INTEGER NOT NULL,
    "environment" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,
    "toolsetFingerprint" TEXT NOT NULL,
    "changes" TEXT NOT NULL,

    CONSTRAINT "DriftEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Approval" (
    "id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "serverName" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "tool" TEXT,
    "arguments" TEXT,
    "argumentsHash" TEXT,
    "context" TEXT,
    "toolsetFingerprint" TEXT,
    "requestedBy" TEXT NOT NULL,
    "requestedAt" TIMESTAMP(3) NOT NULL,
    "state" TEXT NOT NULL,
    "decidedBy" TEXT,
    "decidedAt" TIMESTAMP(3),
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "consumedAt" TIMESTAMP(3),

    CONSTRAINT "Approval_pkey" PRIMARY KEY ("id")
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
CREATE INDEX "Approval_requestedBy_serverName_environment_tool_argumentsH_idx" ON "Approval"("requestedBy", "serverName", "environment", "tool", "argumentsHash");

-- Hand-written (not from prisma migrate diff):
-- Tool names and environments sort and compare byte by byte, as on SQLite (see 0003_name_order_bytewise).
ALTER TABLE "CatalogTool" ALTER COLUMN "name" TYPE TEXT COLLATE "C";
ALTER TABLE "CatalogTool" ALTER COLUMN "environment" TYPE TEXT COLLATE "C";
