import { describe, expect, it } from "vitest";

import { convert } from "./detect";
import { expectConversion } from "./fixtures/helpers";

describe("seed 001 mcp_registry.json", () => {
  it("maps endpoint, bearer auth and actions", () => {
    expectConversion("mcp-registry.json");
  });

  it("puts a header-style auth variable into that header", () => {
    const text = JSON.stringify({
      plugins: [{ id: "maps", transport: "http", endpoint: "https://maps.example.com/mcp", auth: { type: "api_key", header: "X-Api-Key", env: "MAPS_KEY" } }],
    });
    expect(convert(text).servers).toEqual([
      {
        name: "maps",
        description: "Imported from mcp-registry",
        transport: { type: "http", url: "https://maps.example.com/mcp", headers: { "X-Api-Key": "${MAPS_KEY}" } },
      },
    ]);
  });
});
