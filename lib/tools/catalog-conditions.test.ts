import fs from "node:fs";
import path from "node:path";

import { describe, expect, test } from "vitest";

import { MIGRATIONS_DIR } from "../db/schema-diff";
import { ANNOTATION_HINTS } from "../schemas/tools";
import { HINT_CONDITIONS } from "./catalog-conditions";

const migration = (engine: string) => fs.readFileSync(path.join(MIGRATIONS_DIR, engine, "0013_catalog_hint_indexes.sql"), "utf8");

describe("annotation conditions and their partial indexes", () => {
  test.each(ANNOTATION_HINTS)("%s: the query's condition is its index's WHERE clause, a literal, on both engines", (hint) => {
    const condition = HINT_CONDITIONS[hint];
    expect(condition.values).toEqual([]);
    for (const engine of ["sqlite", "postgresql"]) {
      expect(migration(engine)).toContain(`CREATE INDEX "CatalogTool_${hint}_idx" ON "CatalogTool" ("name", "serverId", "environment") WHERE ${condition.sql};`);
    }
  });
});
