import { describe, expect, test } from "vitest";

import type { McpServerReferences } from "../schemas/reference";
import { parseReferences, type ParsedReference } from "./references";

describe("parseReferences — one shape for every form, in order", () => {
  test.each<{ proves: string; value: McpServerReferences | undefined; parsed: ParsedReference[] }>([
    { proves: "nothing", value: undefined, parsed: [] },
    {
      proves: "a list: alias = name, path by index",
      value: ["context-store", "neo4j-graph"],
      parsed: [
        { kind: "server", alias: "context-store", server: "context-store", path: "/mcp_servers/0", serverPath: "/mcp_servers/0" },
        { kind: "server", alias: "neo4j-graph", server: "neo4j-graph", path: "/mcp_servers/1", serverPath: "/mcp_servers/1" },
      ],
    },
    {
      proves: "alias → name",
      value: { docs: "context-store" },
      parsed: [{ kind: "server", alias: "docs", server: "context-store", path: "/mcp_servers/docs", serverPath: "/mcp_servers/docs" }],
    },
    {
      proves: "alias → {server, parameters}: the name sits under /server",
      value: { docs: { server: "context-store", parameters: { namespace: "n" } } },
      parsed: [{ kind: "server", alias: "docs", server: "context-store", parameters: { namespace: "n" }, path: "/mcp_servers/docs", serverPath: "/mcp_servers/docs/server" }],
    },
    {
      proves: "key = server name",
      value: { "context-store": { parameters: { namespace: "n" } } },
      parsed: [{ kind: "server", alias: "context-store", server: "context-store", parameters: { namespace: "n" }, path: "/mcp_servers/context-store", serverPath: "/mcp_servers/context-store" }],
    },
    {
      proves: "inline, with a key that needs escaping",
      value: { "a/b~c": { type: "http", url: "http://x/" } },
      parsed: [{ kind: "inline", alias: "a/b~c", config: { type: "http", url: "http://x/" }, path: "/mcp_servers/a~1b~0c" }],
    },
  ])("$proves", ({ value, parsed }) => {
    expect(parseReferences(value)).toEqual(parsed);
  });
});
