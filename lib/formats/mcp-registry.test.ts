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

describe("seed 001 actions: per-tool settings and bad input (DESIGN §19)", () => {
  const plugin = (action: Record<string, unknown>) => JSON.stringify({
    plugins: [
      { id: "weather", transport: "http", endpoint: "https://weather.example.com/mcp", actions: [{ name: "weather.query" }, action] },
      { id: "maps", transport: "http", endpoint: "https://maps.example.com/mcp", actions: [{ name: "maps.route", timeout_ms: 900 }] },
    ],
  });

  it("an action named after another plugin, or bare, keeps its name; only its own plugin's prefix is dropped", () => {
    const servers = convert(plugin({ name: "other.thing" })).servers as { tools: { name: string }[] }[];
    expect(servers[0].tools.map((tool) => tool.name)).toEqual(["query", "other.thing"]);
  });

  it.each([
    [{ name: "weather.slow", timeout_ms: -1 }, "/plugins/0/actions/1/timeout_ms", "action 'weather.slow': timeout_ms must be a whole number of milliseconds from 1 to 600000"],
    [{ name: "weather.slow", retry: { retries: 99 } }, "/plugins/0/actions/1/retry/retries", "action 'weather.slow': retry.retries must be a whole number from 0 to 10"],
    [{ name: "weather.slow", retry: { min_ms: 500, max_ms: 100 } }, "/plugins/0/actions/1/retry/min_ms", "action 'weather.slow': retry.min_ms: min_ms must not exceed max_ms"],
  ])("%j is refused naming the field; that plugin is not converted at all, the others are", (action, path, message) => {
    const bundle = convert(plugin(action));
    expect(bundle.errors).toEqual([{ path, message }]);
    expect((bundle.servers as { name: string; resilience?: unknown }[]).map(({ name, resilience }) => ({ name, resilience }))).toEqual([
      { name: "maps", resilience: { tools: { route: { timeout_ms: 900 } } } },
    ]);
  });
});
