import { describe, expect, it } from "vitest";

import { convert, detectFormat } from "./detect";
import { expectValidServers, readFixture } from "./fixtures/helpers";

describe("native bundle", () => {
  it("passes definitions, capabilities and agents through without server-set fields", () => {
    const bundle = convert(readFixture("native.json"));
    expect(bundle).toEqual({
      format: "native",
      servers: [
        {
          name: "context-store",
          description: "Document storage and semantic search",
          version: "1.0.0",
          transport: {
            type: "http",
            url: "${CONTEXT_STORE_URL}/mcp/",
            headers: { Authorization: "Bearer ${CONTEXT_STORE_TOKEN}", "X-Namespace": "{{namespace}}" },
          },
          parameters_schema: {
            type: "object",
            required: ["namespace"],
            properties: { namespace: { type: "string", description: "Document namespace" } },
          },
          environments: { development: { url: "http://localhost:8766/mcp/" } },
          tags: ["storage", "search"],
          provides: ["documents:read"],
        },
      ],
      capabilities: [
        {
          name: "document-research",
          description: "Research documents in the context store",
          mcp_servers: { docs: { server: "context-store", parameters: { namespace: "research-docs" } } },
        },
      ],
      agents: [{ name: "researcher", description: "Research agent", capabilities: ["document-research"] }],
      renamed: [],
      skipped: [],
      errors: [],
    });
    expectValidServers(bundle);
  });

  it("reports entries it cannot read, by JSON pointer", () => {
    const text = JSON.stringify({ mcp_servers: [{ description: "no name" }, 42], capabilities: {} });
    expect(convert(text, { format: "native" }).errors).toEqual([
      { path: "/mcp_servers/0/name", message: "is required" },
      { path: "/mcp_servers/1", message: "must be an object" },
      { path: "/capabilities", message: "must be an array" },
    ]);
  });

  it("is not mistaken for a capability.json, whose mcp_servers are references", () => {
    expect(detectFormat({ name: "c", description: "d", mcp_servers: ["context-store"] })).toBeNull();
  });
});
