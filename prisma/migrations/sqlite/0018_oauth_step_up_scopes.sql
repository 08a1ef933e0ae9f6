-- AlterTable
ALTER TABLE "OAuthConnection" ADD COLUMN "stepUpScopes" TEXT;

