-- AlterTable
ALTER TABLE "Approval" ADD COLUMN "destination" TEXT;
ALTER TABLE "Approval" ADD COLUMN "destinationHash" TEXT;

