-- AlterTable
ALTER TABLE "Approval" ADD COLUMN     "destination" TEXT,
ADD COLUMN     "destinationHash" TEXT;

