-- AlterTable
ALTER TABLE "HealthCheck" ADD COLUMN     "environment" TEXT;

-- CreateIndex
CREATE INDEX "HealthCheck_serverId_environment_id_idx" ON "HealthCheck"("serverId", "environment", "id");

