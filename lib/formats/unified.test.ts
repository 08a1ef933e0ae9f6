import { describe, expect, it } from "vitest";

import { convert } from "./detect";
import { expectConversion } from "./fixtures/helpers";


describe("seed 004 unified registry", () => {
  it("resolves $refs, attaches tools through their source chain and hides defaults", () => {
    expectConversion("unified.json");
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
