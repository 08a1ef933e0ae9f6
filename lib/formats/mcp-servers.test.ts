import { describe, expect, it } from "vitest";

import { convert } from "./detect";
import { expectBundle, expectValidServers, readFixture } from "./fixtures/helpers";

describe("Claude Desktop / Cursor mcpServers", () => {
  it("reads a file with a BOM, ignores other keys, infers types and maps names", () => {
    const text = readFixture("mcp-servers.json");
    expect(text.charCodeAt(0)).toBe(0xfeff);

    expectBundle(text, {
      format: "mcp-servers",
      servers: [
        {
          name: "filesystem",
          description: "Imported from mcp-servers",
          transport: {
            type: "stdio",
            command: "npx",
            args: ["-y", "@modelcontextprotocol/server-filesystem", "/Users/me/Desktop"],
            env: { GITHUB_TOKEN: "ghp_literal123", LOG_LEVEL: "debug", PORT: "3000" },
          },
        },
        {
          name: "linear-issues",
          description: "Imported from mcp-servers",
          transport: { type: "http", url: "https://mcp.linear.app/mcp", headers: { Authorization: "Bearer lin_abc" } },
        },
        {
          name: "legacy-events",
          description: "Imported from mcp-servers",
          transport: { type: "sse", url: "https://events.example.com/sse" },
        },
        {
          name: "io.github.user-weather",
          description: "Imported from mcp-servers",
          transport: { type: "stdio", command: "uvx", args: ["weather-mcp"] },
        },
      ],
      renamed: [
        { from: "Linear Issues", to: "linear-issues" },
        { from: "io.github.User/weather", to: "io.github.user-weather" },
      ],
    });
  });

  it("turns literal secrets into placeholders named after the (mapped) server", () => {
    const bundle = convert(readFixture("mcp-servers.json"), { secretsToPlaceholders: true });
    expect(bundle.servers.slice(0, 2).map((server) => (server as { transport: unknown }).transport)).toEqual([
      {
        type: "stdio",
        command: "npx",
        args: ["-y", "@modelcontextprotocol/server-filesystem", "/Users/me/Desktop"],
        env: { GITHUB_TOKEN: "${FILESYSTEM_GITHUB_TOKEN}", LOG_LEVEL: "debug", PORT: "3000" },
      },
      { type: "http", url: "https://mcp.linear.app/mcp", headers: { Authorization: "Bearer ${LINEAR_ISSUES_AUTHORIZATION}" } },
    ]);
    expectValidServers(bundle);
  });
});
