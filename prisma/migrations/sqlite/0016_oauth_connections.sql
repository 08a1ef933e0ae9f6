-- CreateTable
CREATE TABLE "OAuthConnection" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "serverId" INTEGER NOT NULL,
    "environment" TEXT NOT NULL,
    "person" TEXT NOT NULL,
    "mode" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "reason" TEXT,
    "scopes" TEXT,
    "expiresAt" DATETIME,
    "connectedBy" TEXT,
    "connectedAt" DATETIME,
    "issuer" TEXT,
    "asMetadata" TEXT,
    "resource" TEXT,
    "client" TEXT,
    "accessToken" TEXT,
    "refreshToken" TEXT,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "OAuthConnection_serverId_fkey" FOREIGN KEY ("serverId") REFERENCES "Server" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "OAuthPending" (
    "stateHash" TEXT NOT NULL PRIMARY KEY,
    "serverId" INTEGER NOT NULL,
    "environment" TEXT NOT NULL,
    "person" TEXT NOT NULL,
    "startedBy" TEXT NOT NULL,
    "flow" TEXT NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    CONSTRAINT "OAuthPending_serverId_fkey" FOREIGN KEY ("serverId") REFERENCES "Server" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "OAuthConnection_serverId_environment_person_key" ON "OAuthConnection"("serverId", "environment", "person");

-- CreateIndex
CREATE INDEX "OAuthPending_expiresAt_idx" ON "OAuthPending"("expiresAt");

