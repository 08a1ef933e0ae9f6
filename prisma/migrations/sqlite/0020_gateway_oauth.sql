-- CreateTable
CREATE TABLE "GatewayOAuthEntry" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "kind" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "grantId" TEXT,
    "uid" TEXT,
    "accountId" TEXT,
    "clientId" TEXT,
    "expiresAt" DATETIME,
    "consumedAt" DATETIME
);

-- CreateIndex
CREATE INDEX "GatewayOAuthEntry_grantId_idx" ON "GatewayOAuthEntry"("grantId");

-- CreateIndex
CREATE INDEX "GatewayOAuthEntry_uid_idx" ON "GatewayOAuthEntry"("uid");

-- CreateIndex
CREATE INDEX "GatewayOAuthEntry_kind_accountId_idx" ON "GatewayOAuthEntry"("kind", "accountId");

-- CreateIndex
CREATE INDEX "GatewayOAuthEntry_expiresAt_idx" ON "GatewayOAuthEntry"("expiresAt");

