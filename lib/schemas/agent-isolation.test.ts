import { expect, test } from "vitest";

import { agentBodySchema, agentWriteSchema, blueprintSchema } from "./agent";

test("isolation: gateway takes registry references; any other value, or an inline config beside it, is refused by path", () => {
  expect(agentBodySchema.safeParse({ name: "ranger", description: "R", isolation: "gateway", mcp_servers: { gee: { server: "mcp-google-earth-engine" } } }).success).toBe(true);
  const other = agentBodySchema.safeParse({ name: "ranger", description: "R", isolation: "direct" });
  expect(other.error?.issues.map((issue) => issue.path)).toEqual([["isolation"]]);
  const inline = agentWriteSchema.safeParse({ name: "ranger", description: "R", isolation: "gateway", mcp_servers: { gee: { type: "sse", url: "https://mcp.google.com/gee" } } });
  expect(inline.error?.issues.map((issue) => issue.path)).toEqual([["mcp_servers", "gee"]]);
  expect(agentBodySchema.safeParse({ name: "ranger", description: "R", isolation: "gateway", mcp_servers: { gee: { type: "sse", url: "https://mcp.google.com/gee" } } }).error?.issues.map((issue) => issue.path)).toEqual([["mcp_servers", "gee"]]);
  expect(agentWriteSchema.safeParse({ name: "ranger", description: "R", mcp_servers: { gee: { type: "sse", url: "https://mcp.google.com/gee" } } }).success).toBe(true);
  // The blueprint's gateway entry looks like an inline config: the response shape does not refuse it.
  const blueprint = { agent: { name: "ranger", description: "R", isolation: "gateway", revision: 1, created_at: "2026-01-01T00:00:00Z", updated_at: "2026-01-01T00:00:00Z", mcp_servers: { "patchbay-ranger": { type: "http", url: "http://127.0.0.1:3000/mcp/agents/ranger" } } }, environment: "development", warnings: [] };
  expect(blueprintSchema.safeParse(blueprint).error?.issues.filter((issue) => issue.path[1] === "mcp_servers") ?? []).toEqual([]);
});
