-- This is an empty migration.

-- Hand-written (not from prisma migrate diff):
-- Catalog search (GET /api/tools?search=) through an FTS5 trigram index over "searchText": a phrase query of
-- three or more characters finds exactly the rows whose (lowercased) text holds it as a substring. External
-- content, kept in step with "CatalogTool" by triggers, so every catalog write updates it in its own transaction.
CREATE VIRTUAL TABLE "CatalogToolSearch" USING fts5("searchText", content='CatalogTool', content_rowid='id', tokenize='trigram case_sensitive 1');
CREATE TRIGGER "CatalogToolSearch_insert" AFTER INSERT ON "CatalogTool" BEGIN
  INSERT INTO "CatalogToolSearch"(rowid, "searchText") VALUES (new."id", new."searchText");
END;
CREATE TRIGGER "CatalogToolSearch_delete" AFTER DELETE ON "CatalogTool" BEGIN
  INSERT INTO "CatalogToolSearch"("CatalogToolSearch", rowid, "searchText") VALUES ('delete', old."id", old."searchText");
END;
CREATE TRIGGER "CatalogToolSearch_update" AFTER UPDATE OF "searchText" ON "CatalogTool" BEGIN
  INSERT INTO "CatalogToolSearch"("CatalogToolSearch", rowid, "searchText") VALUES ('delete', old."id", old."searchText");
  INSERT INTO "CatalogToolSearch"(rowid, "searchText") VALUES (new."id", new."searchText");
END;
INSERT INTO "CatalogToolSearch"("CatalogToolSearch") VALUES ('rebuild');
