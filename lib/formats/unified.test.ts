import { describe, expect, it } from "vitest";

import { convert } from "./detect";
import { expectValidServers, readFixture } from "./fixtures/helpers";

const fetchInput = { type: "object", properties: { url: { type: "string" } }, required: ["url"] };

describe("seed 004 unified registry", () => {
  it("resolves $refs, attaches tools through their source chain and hides defaults", () => {
    const bundle = convert(readFixture("unified.json"));
    expect(bundle).toEqual({
      format: "unified",
      servers: [
        {
          name: "fetch-server",
          description: "Web fetching via mcp-server-fetch",
          transport: { type: "stdio", command: "uvx", args: ["mcp-server-fetch"], env: { HTTP_PROXY: "${HTTP_PROXY}" } },
          tools: [
            { name: "fetch", description: "Fetch a URL", input_schema: fetchInput },
            { name: "get_webpage", description: "Renamed fetch tool", input_schema: fetchInput },
            { name: "broken", input_schema: {} },
          ],
        },
        {
          name: "memory-server",
          description: "Imported from unified",
          transport: { type: "stdio", command: "npx", args: ["-y", "@modelcontextprotocol/server-memory"] },
          tools: [{ name: "read_graph" }],
        },
        {
          name: "github",
          description: "Imported from unified",
          transport: { type: "http", url: "https://api.githubcopilot.com/mcp/", headers: { Authorization: "Bearer ghp_literal123" } },
          parameters_schema: { type: "object", properties: { owner: { type: "string" } } },
          tools: [
            {
              name: "search_repositories",
              input_schema: {
                type: "object",
                properties: { q: { type: "string", minLength: 1 }, visibility: { type: "string" }, sort: { type: "string" } },
                required: ["q", "visibility"],
              },
            },
            {
              name: "search_public_repos",
              input_schema: { type: "object", properties: { q: { type: "string", minLength: 1 } }, required: ["q"] },
            },
          ],
        },
        {
          name: "cloudflare-docs",
          description: "Cloudflare documentation search",
          transport: { type: "sse", url: "https://docs.mcp.cloudflare.com/sse" },
        },
      ],
      capabilities: [],
      agents: [],
      renamed: [],
      skipped: [],
      errors: [
        { path: "/tools/5", message: "names the server 'nowhere', which 'servers' does not define" },
        { path: "/tools/6/inputSchema", message: "$ref '#/schemas/Missing' names no entry of 'schemas'" },
      ],
    });
    expectValidServers(bundle);
  });

  it("reports circular refs, broken source chains and old-format inline servers", () => {
    const text = JSON.stringify({
      schemaVersion: "1.0",
      servers: [{ name: "s", url: "https://s.example.com/mcp", transport: "streamablehttp" }],
      schemas: { A: { $ref: "#/schemas/B" }, B: { $ref: "#/schemas/A" } },
      tools: [
        { name: "loop", server: "s", inputSchema: { $ref: "#/schemas/A" } },
        { name: "orphan", source: "missing" },
        { name: "old", server: { command: "uvx", args: ["mcp-server-fetch"] } },
      ],
    });
    expect(convert(text).errors).toEqual([
      { path: "/tools/0/inputSchema", message: "$ref '#/schemas/A' is circular" },
      { path: "/tools/1", message: "its source 'missing' leads to no tool with a server" },
      { path: "/tools/2", message: "has an inline server (the old format): move it into 'servers' and name it here" },
    ]);
  });
});
