-- AlterTable
ALTER TABLE "Approval" ADD COLUMN     "conditions" TEXT,
ADD COLUMN     "priority" TEXT,
ADD COLUMN     "rationale" TEXT,
ADD COLUMN     "reason" TEXT;

