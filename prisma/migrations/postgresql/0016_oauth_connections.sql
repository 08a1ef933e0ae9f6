-- CreateTable
CREATE TABLE "OAuthConnection" (
    "id" SERIAL NOT NULL,
    "serverId" INTEGER NOT NULL,
    "environment" TEXT NOT NULL,
    "person" TEXT NOT NULL,
    "mode" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "reason" TEXT,
    "scopes" TEXT,
    "expiresAt" TIMESTAMP(3),
    "connectedBy" TEXT,
    "connectedAt" TIMESTAMP(3),
    "issuer" TEXT,
    "asMetadata" TEXT,
    "resource" TEXT,
    "client" TEXT,
    "accessToken" TEXT,
    "refreshToken" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "OAuthConnection_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OAuthPending" (
    "stateHash" TEXT NOT NULL,
    "serverId" INTEGER NOT NULL,
    "environment" TEXT NOT NULL,
    "person" TEXT NOT NULL,
    "startedBy" TEXT NOT NULL,
    "flow" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "OAuthPending_pkey" PRIMARY KEY ("stateHash")
);

-- CreateIndex
CREATE UNIQUE INDEX "OAuthConnection_serverId_environment_person_key" ON "OAuthConnection"("serverId", "environment", "person");

-- CreateIndex
CREATE INDEX "OAuthPending_expiresAt_idx" ON "OAuthPending"("expiresAt");

-- AddForeignKey
ALTER TABLE "OAuthConnection" ADD CONSTRAINT "OAuthConnection_serverId_fkey" FOREIGN KEY ("serverId") REFERENCES "Server"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OAuthPending" ADD CONSTRAINT "OAuthPending_serverId_fkey" FOREIGN KEY ("serverId") REFERENCES "Server"("id") ON DELETE CASCADE ON UPDATE CASCADE;

