import { expect, test } from "vitest";

import { agentBodySchema, storedAgentSchema } from "./agent";

test("isolation: gateway takes registry references; any other value, or an inline config beside it, is refused by path", () => {
  expect(agentBodySchema.safeParse({ name: "ranger", description: "R", isolation: "gateway", mcp_servers: { gee: { server: "mcp-google-earth-engine" } } }).success).toBe(true);
  const other = agentBodySchema.safeParse({ name: "ranger", description: "R", isolation: "direct" });
  expect(other.error?.issues.map((issue) => issue.path)).toEqual([["isolation"]]);
  const inline = agentBodySchema.safeParse({ name: "ranger", description: "R", isolation: "gateway", mcp_servers: { gee: { type: "sse", url: "https://mcp.google.com/gee" } } });
  expect(inline.error?.issues.map((issue) => issue.path)).toEqual([["mcp_servers", "gee"]]);
  expect(agentBodySchema.safeParse({ name: "ranger", description: "R", mcp_servers: { gee: { type: "sse", url: "https://mcp.google.com/gee" } } }).success).toBe(true);
  expect(storedAgentSchema.safeParse({ name: "ranger", description: "R", isolation: "gateway", revision: 1, created_at: "2026-01-01T00:00:00Z", updated_at: "2026-01-01T00:00:00Z" }).error?.issues.filter((issue) => issue.path[0] === "isolation") ?? []).toEqual([]);
});
