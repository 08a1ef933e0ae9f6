-- CreateTable
CREATE TABLE "ChangeCounter" (
    "scope" TEXT NOT NULL PRIMARY KEY,
    "value" INTEGER NOT NULL
);

-- Hand-written (not from prisma migrate diff):
INSERT INTO "ChangeCounter" ("scope", "value") VALUES ('definitions', 0), ('health', 0), ('credentials', 0);
