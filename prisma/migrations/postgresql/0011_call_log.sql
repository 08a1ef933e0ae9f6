-- CreateTable
CREATE TABLE "ToolCall" (
    "id" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,
    "targetKind" TEXT NOT NULL,
    "targetName" TEXT NOT NULL,
    "tool" TEXT NOT NULL,
    "serverName" TEXT,
    "environment" TEXT NOT NULL,
    "caller" TEXT NOT NULL,
    "latencyMs" INTEGER NOT NULL,
    "attempts" INTEGER NOT NULL,
    "outcome" TEXT NOT NULL,
    "argumentsHash" TEXT NOT NULL,
    "traceId" TEXT NOT NULL,

    CONSTRAINT "ToolCall_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ToolCall_at_id_idx" ON "ToolCall"("at", "id");

-- CreateIndex
CREATE INDEX "ToolCall_serverName_at_id_idx" ON "ToolCall"("serverName", "at", "id");

-- CreateIndex
CREATE INDEX "ToolCall_targetKind_targetName_at_id_idx" ON "ToolCall"("targetKind", "targetName", "at", "id");

-- CreateIndex
CREATE INDEX "ToolCall_outcome_at_id_idx" ON "ToolCall"("outcome", "at", "id");

