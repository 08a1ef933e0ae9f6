import { describe, expect, test } from "vitest";
import { z } from "zod";

import { zodFieldErrors } from "./field-errors";
import { mcpServersSchema } from "./reference";

const owner = z.strictObject({ mcp_servers: mcpServersSchema });

describe("mcpServersSchema — every reference form of seed 003, kept as entered", () => {
  test.each<{ proves: string; value: unknown }>([
    { proves: "a list of names", value: ["context-store", "neo4j-graph"] },
    { proves: "alias → name", value: { docs: "context-store" } },
    { proves: "alias → {server, parameters}", value: { docs: { server: "context-store", parameters: { namespace: "research-docs" } } } },
    { proves: "parameters before server keep their order", value: { docs: { parameters: { b: 1, a: 2 }, server: "context-store" } } },
    { proves: "key = server name → {parameters}", value: { "context-store": { parameters: { namespace: "project-alpha" } } } },
    { proves: "key = server name → {}", value: { "context-store": {} } },
    { proves: "legacy inline http", value: { neo4j: { type: "http", url: "http://localhost:9003/mcp/" } } },
    { proves: "legacy inline with unknown client keys", value: { Neo4j: { url: "http://x/mcp", disabled: false, timeout: 5 } } },
    { proves: "legacy inline stdio", value: { fs: { command: "npx", args: ["-y", "x"], env: { A: "1" } } } },
    { proves: "mixed forms keep alias order", value: { z: "context-store", a: { server: "b" }, m: { type: "sse", url: "http://x/sse" } } },
  ])("$proves", ({ value }) => {
    const parsed = owner.parse({ mcp_servers: value });

    expect(JSON.stringify(parsed.mcp_servers)).toBe(JSON.stringify(value));
  });

  test.each<{ proves: string; value: unknown; errors: { path: string; message: string }[] }>([
    { proves: "a repeated name", value: ["a", "a"], errors: [{ path: "/mcp_servers", message: "must not repeat a server" }] },
    { proves: "a name outside the pattern", value: ["A"], errors: [{ path: "/mcp_servers/0", message: expect.stringContaining("lowercase") }] },
    { proves: "an unknown field in {server}", value: { docs: { server: "a", extra: 1 } }, errors: [{ path: "/mcp_servers/docs/extra", message: "is not a known field" }] },
    { proves: "a key-named reference whose key is no server name", value: { Docs: {} }, errors: [{ path: "/mcp_servers/Docs", message: expect.stringContaining("not a server name") }] },
    { proves: "an inline config without url or command", value: { d: { type: "stdio" } }, errors: [{ path: "/mcp_servers/d", message: expect.stringContaining("url or a command") }] },
    { proves: "an inline config of an unknown type", value: { d: { type: "ws", url: "ws://x" } }, errors: [{ path: "/mcp_servers/d/type", message: expect.stringContaining("must be one of") }] },
    { proves: "a number as reference", value: { d: 5 }, errors: [{ path: "/mcp_servers/d", message: expect.stringContaining("must be a server name") }] },
    { proves: "a string instead of a list or map", value: "context-store", errors: [{ path: "/mcp_servers", message: expect.stringContaining("list of server names") }] },
    { proves: "parameters that are not an object", value: { docs: { server: "a", parameters: [] } }, errors: [{ path: "/mcp_servers/docs/parameters", message: expect.any(String) }] },
  ])("refuses $proves", ({ value, errors }) => {
    const result = owner.safeParse({ mcp_servers: value });

    expect(result.success).toBe(false);
    expect(zodFieldErrors(result.error!)).toEqual(errors);
  });
});
