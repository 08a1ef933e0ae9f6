-- AlterTable
ALTER TABLE "Session" ADD COLUMN     "idpCheckedAt" TIMESTAMP(3),
ADD COLUMN     "idpRefreshToken" TEXT,
ADD COLUMN     "personId" TEXT,
ALTER COLUMN "tokenId" DROP NOT NULL;

-- CreateTable
CREATE TABLE "Person" (
    "id" TEXT NOT NULL,
    "issuer" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "email" TEXT,
    "name" TEXT,
    "role" TEXT NOT NULL,
    "groups" TEXT NOT NULL DEFAULT '[]',
    "createdAt" TIMESTAMP(3) NOT NULL,
    "lastSeenAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Person_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Person_issuer_subject_key" ON "Person"("issuer", "subject");

-- CreateIndex
CREATE INDEX "Session_personId_idx" ON "Session"("personId");

