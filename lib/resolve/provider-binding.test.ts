import { describe, expect, test } from "vitest";

import { bindProvides, providedStrings, type ProviderBindings } from "./provider-binding";

const bindings: ProviderBindings = new Map([
  ["gis:radius_query", { server: "arcgis", status: "healthy" }],
  ["raster:ndvi", { server: "earth-engine", status: "unknown" }],
]);

describe("bindProvides", () => {
  test("a provides reference becomes a server reference under the same alias, parameters kept; others stay as written", () => {
    const capability = { name: "recovery", mcp_servers: { gis: { provides: "gis:radius_query", parameters: { radius_km: 5 } }, docs: "context-store", legacy: { type: "http", url: "https://x" } } };

    const { definition, warnings } = bindProvides(capability, bindings, "capability recovery");

    expect(definition.mcp_servers).toEqual({ gis: { server: "arcgis", parameters: { radius_km: 5 } }, docs: "context-store", legacy: { type: "http", url: "https://x" } });
    expect(Object.keys(definition.mcp_servers)).toEqual(["gis", "docs", "legacy"]);
    expect(warnings).toEqual([]);
    expect(capability.mcp_servers.gis).toEqual({ provides: "gis:radius_query", parameters: { radius_km: 5 } });
  });

  test("a binding to a server that is not healthy or degraded is a warning at the reference's path", () => {
    const { definition, warnings } = bindProvides({ name: "a", mcp_servers: { "ndvi index": { provides: "raster:ndvi" } } }, bindings, "agent a");

    expect(definition.mcp_servers).toEqual({ "ndvi index": { server: "earth-engine" } });
    expect(warnings).toEqual([{ path: "/mcp_servers/ndvi index", message: "agent a: 'raster:ndvi' is bound to MCP server 'earth-engine', whose health is unknown" }]);
  });

  test("a string nothing provides is left as written; a definition without provides references is returned as is", () => {
    const orphan = { name: "o", mcp_servers: { x: { provides: "nobody:offers" } } };
    expect(bindProvides(orphan, bindings, "agent o").definition.mcp_servers).toEqual({ x: { provides: "nobody:offers" } });

    const plain = { name: "p", mcp_servers: ["context-store"] };
    expect(bindProvides(plain, bindings, "agent p").definition).toBe(plain);
  });
});

test("providedStrings lists each string once, over every definition", () => {
  expect(providedStrings([{ a: { provides: "x:1" }, b: "srv" }, undefined, ["srv"], { c: { provides: "x:1" }, d: { provides: "y:2" } }])).toEqual(["x:1", "y:2"]);
});
