import { describe, expect, it } from "vitest";

import { convert, detectFormat } from "./detect";
import { expectConversion } from "./fixtures/helpers";

describe("native bundle", () => {
  it("passes definitions, capabilities and agents through without server-set fields", () => {
    expectConversion("native.json");
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
