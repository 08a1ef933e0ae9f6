import { describe, expect, it } from "vitest";

import type { CapabilityInput } from "../schemas/capability";
import { serverInputSchema, type ServerInput } from "../schemas/server";
import { convert } from "./detect";
import { readFixture } from "./fixtures/helpers";
import { toUnified } from "./unified-export";

/** Import → export → import: the second import gives the same servers and capability as the first. */
function roundTrip(text: string) {
  const first = convert(text, { format: "unified", capability: "web" });
  expect(first.errors).toEqual([]);
  const servers = new Map(first.servers.map((server) => [(server as ServerInput).name, serverInputSchema.parse(server)]));
  const exported = toUnified(first.capabilities[0] as CapabilityInput, servers);
  const second = convert(JSON.stringify(exported), { capability: "web" });
  return { first, second, exported };
}

describe("toUnified", () => {
  it("round-trips the seed 004 example", () => {
    const { first, second, exported } = roundTrip(readFixture("unified-seed-004.json"));
    expect(second).toEqual(first);
    expect(exported).toEqual(JSON.parse(readFixture("expected/unified-seed-004-export.json")));
  });

  it("round-trips original names, defaults, output projections and oauth", () => {
    const fixture = JSON.parse(readFixture("unified.json")) as { tools: { name: string }[] };
    fixture.tools = fixture.tools.filter((tool) => !["lost", "broken"].includes(tool.name));
    const { first, second } = roundTrip(JSON.stringify(fixture));
    expect(second).toEqual(first);
  });

  it("writes the declared tools include admits or a virtual tool names, and a source by its tool name", () => {
    const server = serverInputSchema.parse({ name: "s", description: "S", transport: { type: "sse", url: "https://s.example.com/sse" }, tools: [{ name: "a" }, { name: "b" }, { name: "x" }] });
    const capability = { name: "c", description: "C", mcp_servers: { docs: "s" }, tools: { include: ["docs.a"], virtual: [{ name: "v", source: "docs.b" }] } };
    expect(toUnified(capability, new Map([["s", server]])).tools).toEqual([{ name: "a", server: "s" }, { name: "b", server: "s" }, { name: "v", source: "b" }]);
  });
});
