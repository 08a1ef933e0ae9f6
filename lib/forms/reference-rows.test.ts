import { expect, test } from "vitest";

import { toReferenceRows, toReferences } from "./reference-rows";

test("every form of mcp_servers survives the round trip through the editor's rows, provides references included", () => {
  const references = {
    docs: "context-store",
    graph: { server: "neo4j-graph", parameters: { database: "alpha" } },
    "context-store": { parameters: { namespace: "project-alpha" } },
    gis: { provides: "gis:radius_query", parameters: { radius_km: 5 } },
    raster: { provides: "raster:ndvi" },
    legacy: { type: "http", url: "https://legacy.example/mcp" },
    conf: { server: "conformance", names: "bare" },
    "echo-server": { names: "bare" },
  };

  const rows = toReferenceRows(references);

  expect(rows.find((row) => row.alias === "gis")).toEqual({ alias: "gis", server: null, parameters: { radius_km: 5 }, provides: "gis:radius_query" });
  expect(toReferences(rows)).toEqual({
    docs: { server: "context-store" },
    graph: { server: "neo4j-graph", parameters: { database: "alpha" } },
    "context-store": { server: "context-store", parameters: { namespace: "project-alpha" } },
    gis: { provides: "gis:radius_query", parameters: { radius_km: 5 } },
    raster: { provides: "raster:ndvi" },
    legacy: { type: "http", url: "https://legacy.example/mcp" },
    conf: { server: "conformance", names: "bare" },
    "echo-server": { server: "echo-server", names: "bare" },
  });
});
