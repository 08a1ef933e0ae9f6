import { describe, expect, it } from "vitest";

import { convert } from "./detect";
import { expectValidServers, readFixture } from "./fixtures/helpers";

describe("seed 003 mcp-server.json", () => {
  it("reads one definition as it is", () => {
    const bundle = convert(readFixture("server-json.json"));
    expect(bundle).toEqual({
      format: "server-json",
      servers: [
        {
          name: "context-store",
          description: "Document storage with tagging and semantic search",
          transport: { type: "http", url: "${CONTEXT_STORE_MCP_URL}" },
          support: { health_endpoint: "/health", documentation_url: "/docs/components/context-store/MCP.md", version: "1.0.0" },
          environments: {
            development: { url: "http://localhost:9501/mcp" },
            docker: { url: "http://context-store:9501/mcp" },
          },
          tags: ["storage", "search", "documents"],
        },
      ],
      capabilities: [],
      agents: [],
      renamed: [],
      skipped: [],
      errors: [],
    });
    expectValidServers(bundle);
  });

  it("reads an array, dropping server-set fields, mapping names and defaulting descriptions", () => {
    const bundle = convert(readFixture("server-json-array.json"));
    expect(bundle).toEqual({
      format: "server-json",
      servers: [
        {
          name: "orchestrator",
          description: "Agent orchestration tools (start_session, resume_session)",
          transport: { type: "http", url: "${AGENT_ORCHESTRATOR_MCP_URL}", headers: { "X-Agent-Session-Id": "${AGENT_SESSION_ID}" } },
          tags: ["orchestration", "built-in"],
        },
        {
          name: "neo4j-graph",
          description: "Imported from server-json",
          transport: { type: "http", url: "http://localhost:9003/mcp/" },
        },
      ],
      capabilities: [],
      agents: [],
      renamed: [{ from: "Neo4j Graph", to: "neo4j-graph" }],
      skipped: [],
      errors: [],
    });
    expectValidServers(bundle);
  });
});
