import { describe, expect, it } from "vitest";

import { convert } from "./detect";
import { expectConversion } from "./fixtures/helpers";

const entry = (version: string, meta: Record<string, unknown>, remote = `https://v${version}.example.com/mcp`) => ({
  server: { name: "io.github.example/multi", description: `v${version}`, version, remotes: [{ type: "streamable-http", url: remote }] },
  _meta: { "io.modelcontextprotocol.registry/official": meta },
});

describe("official registry server.json (camelCase)", () => {
  it("takes the sse remote when there is no streamable-http one, filling URL variables and header placeholders", () => {
    expectConversion("official-server.json");
  });
});

describe("official registry /v0/servers list (snake_case, 2025-07)", () => {
  it("picks the latest version, builds stdio commands from packages and skips what cannot run", () => {
    expectConversion("official-snake.json");
  });
});

describe("several versions of one name", () => {
  it.each([
    ["isLatest over a newer publishedAt", [entry("2.0.0", { publishedAt: "2025-12-01T00:00:00Z" }), entry("1.0.0", { isLatest: true, publishedAt: "2025-10-01T00:00:00Z" })], "1.0.0"],
    ["the newest publishedAt when none is marked", [entry("1.1.0", { publishedAt: "2025-11-02T00:00:00Z" }), entry("1.0.0", { publishedAt: "2025-10-01T00:00:00Z" })], "1.1.0"],
    ["the later entry when nothing tells them apart", [entry("1.0.0", {}), entry("1.0.1", {})], "1.0.1"],
  ])("picks %s", (_, document, version) => {
    const bundle = convert(JSON.stringify(document));
    expect(bundle.servers).toHaveLength(1);
    expect(bundle.servers[0]).toMatchObject({ version, transport: { url: `https://v${version}.example.com/mcp` } });
  });

  it("prefers a streamable-http remote to an sse one listed first, and passes over an unusable URL", () => {
    const server = {
      name: "a/b",
      description: "d",
      version: "1",
      remotes: [
        { type: "sse", url: "https://b.example.com/sse" },
        { type: "streamable-http", url: "http://{host}:{port}/mcp" },
        { type: "streamable-http", url: "https://b.example.com/mcp" },
      ],
    };
    expect(convert(JSON.stringify(server)).servers[0]).toMatchObject({ transport: { type: "http", url: "https://b.example.com/mcp" } });
  });
});
