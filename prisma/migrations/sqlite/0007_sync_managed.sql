-- AlterTable
ALTER TABLE "Server" ADD COLUMN "managedBy" TEXT;

-- AlterTable
ALTER TABLE "Capability" ADD COLUMN "managedBy" TEXT;

-- AlterTable
ALTER TABLE "Agent" ADD COLUMN "managedBy" TEXT;

