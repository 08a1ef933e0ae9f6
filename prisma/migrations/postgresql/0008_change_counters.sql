-- CreateTable
CREATE TABLE "ChangeCounter" (
    "scope" TEXT NOT NULL,
    "value" INTEGER NOT NULL,

    CONSTRAINT "ChangeCounter_pkey" PRIMARY KEY ("scope")
);

-- Hand-written (not from prisma migrate diff):
INSERT INTO "ChangeCounter" ("scope", "value") VALUES ('definitions', 0), ('health', 0), ('credentials', 0);
