import { describe, expect, it } from "vitest";

import { toClientFile } from "../resolve/client-file";
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

describe("a remote server bridged by mcp-remote (Claude Desktop's only way to one)", () => {
  it("imports as the remote server it bridges to: Patchbay's own ?format=claude file comes back as it went out", () => {
    const exported = toClientFile("claude", {
      docs: { type: "http", url: "https://docs.example.com/mcp", headers: { Authorization: "Bearer abc", "X-Team": "core" } },
      events: { type: "sse", url: "http://mcp.internal:8080/sse" },
      local: { type: "stdio", command: "node", args: ["m.js"] },
    });

    const bundle = convert(JSON.stringify(exported));
    expect(bundle.errors).toEqual([]);
    expect((bundle.servers as { name: string; transport: unknown }[]).map((server) => [server.name, server.transport])).toEqual([
      ["docs", { type: "http", url: "https://docs.example.com/mcp", headers: { Authorization: "Bearer abc", "X-Team": "core" } }],
      ["events", { type: "sse", url: "http://mcp.internal:8080/sse" }],
      ["local", { type: "stdio", command: "node", args: ["m.js"] }],
    ]);
    expectValidServers(bundle);
  });

  it("a variable the entry does not set stays a ${VAR} reference; an option it does not know keeps the stdio command", () => {
    const bundle = convert(JSON.stringify({ mcpServers: {
      referenced: { command: "npx", args: ["mcp-remote@0.1.29", "https://a.example.com/mcp", "--header", "Authorization:${API_AUTH}"] },
      unknown: { command: "npx", args: ["-y", "mcp-remote", "https://b.example.com/mcp", "--debug"] },
    } }));
    expect((bundle.servers as { transport: unknown }[]).map((server) => server.transport)).toEqual([
      { type: "http", url: "https://a.example.com/mcp", headers: { Authorization: "${API_AUTH}" } },
      { type: "stdio", command: "npx", args: ["-y", "mcp-remote", "https://b.example.com/mcp", "--debug"] },
    ]);
  });
});
