import { describe, expect, it } from "vitest";

import { convert } from "./detect";
import { expectValidServers, readFixture } from "./fixtures/helpers";

const NO_TRANSPORT = "has no streamable-http or sse remote and no package that npx, uvx, docker or dnx can run";
const entry = (version: string, meta: Record<string, unknown>, remote = `https://v${version}.example.com/mcp`) => ({
  server: { name: "io.github.example/multi", description: `v${version}`, version, remotes: [{ type: "streamable-http", url: remote }] },
  _meta: { "io.modelcontextprotocol.registry/official": meta },
});

describe("official registry server.json (camelCase)", () => {
  it("takes the sse remote when there is no streamable-http one, filling URL variables and header placeholders", () => {
    const bundle = convert(readFixture("official-server.json"));
    expect(bundle).toEqual({
      format: "official",
      servers: [
        {
          name: "io.github.acme-weather",
          description: "Forecasts and alerts from the Acme weather API",
          version: "2.3.1",
          transport: {
            type: "sse",
            url: "https://eu.weather.acme.dev/sse",
            headers: { Authorization: "Bearer ${API_KEY}", "X-Client": "${IO_GITHUB_ACME_WEATHER_X_CLIENT}" },
          },
          support: { documentation_url: "https://weather.acme.dev/docs" },
        },
      ],
      capabilities: [],
      agents: [],
      renamed: [{ from: "io.github.Acme/weather", to: "io.github.acme-weather" }],
      skipped: [],
      errors: [],
    });
    expectValidServers(bundle);
  });
});

describe("official registry /v0/servers list (snake_case, 2025-07)", () => {
  it("picks the latest version, builds stdio commands from packages and skips what cannot run", () => {
    const bundle = convert(readFixture("official-snake.json"));
    expect(bundle).toEqual({
      format: "official",
      servers: [
        {
          name: "io.github.example-time",
          description: "Time and timezone conversion for agents",
          version: "1.0.0",
          transport: {
            type: "stdio",
            command: "uvx",
            args: ["mcp-server-time@1.0.0", "--local-timezone", "UTC", "${CONFIG_PATH}"],
            env: { TIME_API_TOKEN: "${TIME_API_TOKEN}", TIME_MODE: "strict" },
          },
          support: { documentation_url: "https://github.com/example/time" },
        },
        {
          name: "io.github.example-sandbox",
          description: "Imported from official",
          version: "0.1.0",
          transport: {
            type: "stdio",
            command: "docker",
            args: ["run", "-i", "--rm", "--network", "none", "-e", "SANDBOX_KEY", "ghcr.io/example/sandbox:0.1.0"],
            env: { SANDBOX_KEY: "${SANDBOX_KEY}" },
          },
        },
        {
          name: "io.github.example-local-http",
          description: "Runs locally and listens on a port",
          version: "3.0.0",
          transport: { type: "http", url: "http://localhost:8080/mcp" },
        },
      ],
      capabilities: [],
      agents: [],
      renamed: [
        { from: "io.github.example/time", to: "io.github.example-time" },
        { from: "io.github.example/sandbox", to: "io.github.example-sandbox" },
        { from: "io.github.example/local-http", to: "io.github.example-local-http" },
      ],
      skipped: [
        { name: "io.github.example/desktop-only", reason: NO_TRANSPORT },
        { name: "io.github.example/gone", reason: "is deleted in the official registry" },
      ],
      errors: [],
    });
    expectValidServers(bundle);
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
