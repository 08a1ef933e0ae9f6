import { describe, expect, it } from "vitest";

import { convert } from "./detect";
import { expectValidServers, readFixture } from "./fixtures/helpers";

describe("seed 001 mcp_registry.json", () => {
  it("maps endpoint, bearer auth and actions", () => {
    const bundle = convert(readFixture("mcp-registry.json"));
    expect(bundle).toEqual({
      format: "mcp-registry",
      servers: [
        {
          name: "weather",
          description: "Imported from mcp-registry",
          transport: { type: "http", url: "http://weather-mcp:5000/api", headers: { Authorization: "Bearer ${WEATHER_TOKEN}" } },
          tools: [
            {
              name: "weather.query",
              input_schema: {
                type: "object",
                required: ["ubicacion"],
                properties: { ubicacion: { type: "string" } },
                additionalProperties: false,
              },
            },
          ],
        },
        {
          name: "system",
          description: "Imported from mcp-registry",
          transport: { type: "stdio", command: "java", args: ["-jar", "system-mcp.jar"], env: { SYSTEM_TOKEN: "${SYSTEM_TOKEN}" } },
          tools: [{ name: "system.uptime", description: "Host uptime" }],
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
