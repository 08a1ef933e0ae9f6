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
    "pinnedAt" TIMESTAMP(3),
    "drift" BOOLEAN NOT NULL,
    "lastSeenAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Promptset_pkey" PRIMARY KEY ("serverId","environment")
);

-- CreateTable
CREATE TABLE "PromptDriftEvent" (
    "id" SERIAL NOT NULL,
    "serverId" INTEGER NOT NULL,
    "environment" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,
    "promptsetFingerprint" TEXT NOT NULL,
    "changes" TEXT NOT NULL,

    CONSTRAINT "PromptDriftEvent_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "PromptDriftEvent_serverId_id_idx" ON "PromptDriftEvent"("serverId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "PromptDriftEvent_serverId_environment_promptsetFingerprint_key" ON "PromptDriftEvent"("serverId", "environment", "promptsetFingerprint");

