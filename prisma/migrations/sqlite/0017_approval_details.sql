-- AlterTable
ALTER TABLE "Approval" ADD COLUMN "conditions" TEXT;
ALTER TABLE "Approval" ADD COLUMN "priority" TEXT;
ALTER TABLE "Approval" ADD COLUMN "rationale" TEXT;
ALTER TABLE "Approval" ADD COLUMN "reason" TEXT;

