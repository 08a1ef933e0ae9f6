import { describe, expect, it } from "vitest";

import { capabilityServerInputSchema } from "../schemas/capability-server";
import { convert } from "./detect";
import { expectConversion } from "./fixtures/helpers";


describe("seed 004 unified registry", () => {
  it("resolves $refs; base tools become declared tools (original_name) and include entries, virtual tools the capability's virtual list; auth kept", () => {
    const bundle = expectConversion("unified.json");
    expect(bundle.capabilities.map((capability) => capabilityServerInputSchema.safeParse(capability).error?.issues ?? [])).toEqual([[]]);
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

describe("the capability of a unified import", () => {
  it("is named by the capability option", () => {
    const text = JSON.stringify({ servers: [{ name: "s", url: "https://s.example.com/mcp" }], tools: [{ name: "t", server: "s" }] });
    expect(convert(text, { capability: "web-tools" }).capabilities).toEqual([
      { name: "web-tools", description: "Imported from unified", mcp_servers: ["s"], tools: { include: ["s.t"] } },
    ]);
  });

  it("is not made for a registry without tools", () => {
    expect(convert(JSON.stringify({ schemaVersion: "1.0", servers: [{ name: "s", url: "https://s.example.com/mcp" }] })).capabilities).toEqual([]);
  });
});
