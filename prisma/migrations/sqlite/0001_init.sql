-- CreateTable
CREATE TABLE "Server" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "version" TEXT,
    "transportType" TEXT NOT NULL,
    "searchText" TEXT NOT NULL,
    "definition" TEXT NOT NULL,
    "revision" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL,
    "modifiedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "ServerTag" (
    "serverId" INTEGER NOT NULL,
    "tag" TEXT NOT NULL,

    PRIMARY KEY ("serverId", "tag"),
    CONSTRAINT "ServerTag_serverId_fkey" FOREIGN KEY ("serverId") REFERENCES "Server" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ServerProvide" (
    "serverId" INTEGER NOT NULL,
    "value" TEXT NOT NULL,

    PRIMARY KEY ("serverId", "value"),
    CONSTRAINT "ServerProvide_serverId_fkey" FOREIGN KEY ("serverId") REFERENCES "Server" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Capability" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "definition" TEXT NOT NULL,
    "revision" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL,
    "modifiedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "Agent" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "definition" TEXT NOT NULL,
    "revision" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL,
    "modifiedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "Reference" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "ownerType" TEXT NOT NULL,
    "ownerName" TEXT NOT NULL,
    "alias" TEXT NOT NULL,
    "targetType" TEXT NOT NULL,
    "targetName" TEXT NOT NULL
);

-- CreateTable
CREATE TABLE "Revision" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "entityType" TEXT NOT NULL,
    "entityId" INTEGER NOT NULL,
    "entityName" TEXT NOT NULL,
    "revision" INTEGER NOT NULL,
    "action" TEXT NOT NULL,
    "actor" TEXT NOT NULL,
    "at" DATETIME NOT NULL,
    "snapshot" TEXT NOT NULL
);

-- CreateTable
CREATE TABLE "ServerHealth" (
    "serverId" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "status" TEXT NOT NULL,
    "checkedAt" DATETIME,
    "latencyMs" INTEGER,
    "result" TEXT NOT NULL,
    CONSTRAINT "ServerHealth_serverId_fkey" FOREIGN KEY ("serverId") REFERENCES "Server" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "HealthCheck" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "serverId" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "checkedAt" DATETIME NOT NULL,
    "result" TEXT NOT NULL
);

-- CreateTable
CREATE TABLE "ApiToken" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL,
    "expiresAt" DATETIME,
    "lastUsedAt" DATETIME,
    "revokedAt" DATETIME
);

-- CreateTable
CREATE TABLE "Lease" (
    "name" TEXT NOT NULL PRIMARY KEY,
    "holder" TEXT NOT NULL,
    "expiresAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE UNIQUE INDEX "Server_name_key" ON "Server"("name");

-- CreateIndex
CREATE INDEX "Server_transportType_idx" ON "Server"("transportType");

-- CreateIndex
CREATE INDEX "ServerTag_tag_idx" ON "ServerTag"("tag");

-- CreateIndex
CREATE INDEX "ServerProvide_value_idx" ON "ServerProvide"("value");

-- CreateIndex
CREATE UNIQUE INDEX "Capability_name_key" ON "Capability"("name");

-- CreateIndex
CREATE UNIQUE INDEX "Agent_name_key" ON "Agent"("name");

-- CreateIndex
CREATE INDEX "Reference_targetType_targetName_idx" ON "Reference"("targetType", "targetName");

-- CreateIndex
CREATE INDEX "Reference_ownerType_ownerName_idx" ON "Reference"("ownerType", "ownerName");

-- CreateIndex
CREATE INDEX "Revision_at_idx" ON "Revision"("at");

-- CreateIndex
CREATE UNIQUE INDEX "Revision_entityType_entityId_revision_key" ON "Revision"("entityType", "entityId", "revision");

-- CreateIndex
CREATE INDEX "ServerHealth_status_idx" ON "ServerHealth"("status");

-- CreateIndex
CREATE INDEX "HealthCheck_serverId_checkedAt_idx" ON "HealthCheck"("serverId", "checkedAt");

-- CreateIndex
CREATE UNIQUE INDEX "ApiToken_hash_key" ON "ApiToken"("hash");

