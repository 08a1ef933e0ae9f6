import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { createClient, type Db } from "../../lib/db";
import { applyMigrations } from "../../lib/db/migrate";
import { sha256 } from "../support/independent-jcs";
import { freshDatabaseUrl, removeDatabase } from "../support/test-database";

/**
 * Migration 0012 on a registry migrated through 0011 that already holds definitions with declared tools: after
 * it, the catalog lists them at once (on the project's engine), with fingerprints computed here independently.
 */
let url: string;
let db: Db;
let listCatalogTools: typeof import("../../lib/tools/tool-views").listCatalogTools;
const modifiedAt = new Date("2026-01-02T03:04:05.678Z");

beforeAll(async () => {
  url = await freshDatabaseUrl("declared-backfill");
  expect((await applyMigrations(url, { through: "0011_call_log" })).at(-1)).toBe("0011_call_log");
  process.env.DATABASE_URL = url;
  db = createClient(url);

  const definitions = {
    "with-tools": { name: "with-tools", tools: [{ name: "Über_Export", description: "Exports 100% of ÄRCHIVE" }, { name: "ping", input_schema: { type: "object", properties: { host: { type: "string" } } } }] },
    "no-tools": { name: "no-tools" },
  };
  for (const [name, definition] of Object.entries(definitions)) {
    await db.server.create({ data: { name, description: "", transportType: "http", searchText: name, definition: JSON.stringify(definition), revision: 3, createdAt: modifiedAt, modifiedAt } });
  }
  expect(await applyMigrations(url, { through: "0012_declared_tools" })).toEqual(["0012_declared_tools"]);
  ({ listCatalogTools } = await import("../../lib/tools/tool-views"));
}, 120_000);

afterAll(async () => {
  await db?.$disconnect();
  if (url) removeDatabase(url);
});

describe("migration 0012_declared_tools", () => {
  test("backfills every stored definition's declared tools, with JCS + SHA-256 fingerprints, dated by the server's last write", async () => {
    const { tools, next_cursor } = await listCatalogTools({ limit: 100 });
    expect(next_cursor).toBeNull();
    expect(tools.map((tool) => [tool.server, tool.name, tool.source, tool.environment])).toEqual([
      ["with-tools", "ping", "declared", null], ["with-tools", "Über_Export", "declared", null],
    ]);
    // JCS: keys sorted by UTF-16 code units; these objects hold only strings, so JSON.stringify writes them alike.
    expect(tools.map((tool) => tool.fingerprint)).toEqual([
      sha256('{"input_schema":{"properties":{"host":{"type":"string"}},"type":"object"},"name":"ping"}'),
      sha256('{"description":"Exports 100% of ÄRCHIVE","input_schema":{"type":"object"},"name":"Über_Export"}'),
    ]);
    const rows = await db.catalogTool.findMany({ select: { firstSeenAt: true, lastSeenAt: true } });
    expect(rows.flatMap((row) => [row.firstSeenAt.toISOString(), row.lastSeenAt.toISOString()])).toEqual(Array(4).fill(modifiedAt.toISOString()));
  });

  test("the backfilled rows are searchable as written: case-insensitive beyond ASCII, LIKE's wildcards taken literally", async () => {
    expect((await listCatalogTools({ search: "100% OF äRCHIVE", limit: 100 })).tools.map((tool) => tool.name)).toEqual(["Über_Export"]);
    expect((await listCatalogTools({ search: "über_", limit: 100 })).tools.map((tool) => tool.name)).toEqual(["Über_Export"]);
    expect((await listCatalogTools({ search: "p_ng", limit: 100 })).tools).toEqual([]);
  });
});
