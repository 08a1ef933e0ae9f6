-- CreateTable
CREATE TABLE "Person" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "issuer" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "email" TEXT,
    "name" TEXT,
    "role" TEXT NOT NULL,
    "groups" TEXT NOT NULL DEFAULT '[]',
    "createdAt" DATETIME NOT NULL,
    "lastSeenAt" DATETIME NOT NULL
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Session" (
    "hash" TEXT NOT NULL PRIMARY KEY,
    "tokenId" TEXT,
    "personId" TEXT,
    "idpRefreshToken" TEXT,
    "idpCheckedAt" DATETIME,
    "createdAt" DATETIME NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "endedAt" DATETIME
);
INSERT INTO "new_Session" ("createdAt", "endedAt", "expiresAt", "hash", "tokenId") SELECT "createdAt", "endedAt", "expiresAt", "hash", "tokenId" FROM "Session";
DROP TABLE "Session";
ALTER TABLE "new_Session" RENAME TO "Session";
CREATE INDEX "Session_tokenId_idx" ON "Session"("tokenId");
CREATE INDEX "Session_personId_idx" ON "Session"("personId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "Person_issuer_subject_key" ON "Person"("issuer", "subject");

