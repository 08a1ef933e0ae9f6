-- DropIndex
DROP INDEX "Approval_requestedBy_serverName_environment_tool_argumentsHash_idx";

-- AlterTable
ALTER TABLE "Approval" ADD COLUMN "requesterKey" TEXT;

-- CreateIndex
CREATE INDEX "Approval_requesterKey_serverName_environment_tool_argumentsHash_idx" ON "Approval"("requesterKey", "serverName", "environment", "tool", "argumentsHash");

