-- CreateTable
CREATE TABLE "Promptset" (
    "serverId" INTEGER NOT NULL,
    "environment" TEXT NOT NULL,
    "fingerprint" TEXT,
    "prompts" TEXT NOT NULL,
    "fingerprints" TEXT NOT NULL,
    "listError" TEXT,
    "pinnedPrompts" TEXT,
    "pinnedFingerprint" TEXT,
    "pinnedBy" TEXT,
    "pinnedAt" DATETIME,
    "drift" BOOLEAN NOT NULL,
    "lastSeenAt" DATETIME NOT NULL,

    PRIMARY KEY ("serverId", "environment")
);

-- CreateTable
CREATE TABLE "PromptDriftEvent" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "serverId" INTEGER NOT NULL,
    "environment" TEXT NOT NULL,
    "at" DATETIME NOT NULL,
    "promptsetFingerprint" TEXT NOT NULL,
    "changes" TEXT NOT NULL
);

-- CreateIndex
CREATE INDEX "PromptDriftEvent_serverId_id_idx" ON "PromptDriftEvent"("serverId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "PromptDriftEvent_serverId_environment_promptsetFingerprint_key" ON "PromptDriftEvent"("serverId", "environment", "promptsetFingerprint");

