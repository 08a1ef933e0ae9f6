import { describe, expect, test } from "vitest";

import type { ClientFormat } from "../schemas/agent";
import type { BlueprintConfig } from "./blueprint";
import { toClientFile } from "./client-file";

const blueprint: Record<string, BlueprintConfig> = {
  docs: { type: "http", url: "http://127.0.0.1:1/mcp", headers: { "X-Namespace": "n" } },
  events: { type: "sse", url: "http://127.0.0.1:1/sse" },
  memory: { type: "stdio", command: "node", args: ["m.js"], env: { A: "1" } },
};

describe("toClientFile — each client's config file, every entry typed", () => {
  test.each<{ format: ClientFormat; key: string }>([
    { format: "cursor", key: "mcpServers" },
    { format: "vscode", key: "servers" },
  ])("$format wraps the flat configs under $key", ({ format, key }) => {
    expect(toClientFile(format, blueprint)).toEqual({ [key]: blueprint });
  });

  test.each<{ proves: string; inline: BlueprintConfig; entry: Record<string, unknown> }>([
    { proves: "streamable-http becomes http", inline: { type: "streamable-http", url: "http://x/mcp" }, entry: { type: "http", url: "http://x/mcp" } },
    { proves: "a url without type is http", inline: { url: "http://x/mcp", disabled: false }, entry: { type: "http", url: "http://x/mcp", disabled: false } },
    { proves: "a command without type is stdio", inline: { command: "npx", args: ["x"] }, entry: { type: "stdio", command: "npx", args: ["x"] } },
    { proves: "SSE in capitals stays sse", inline: { type: "SSE", url: "http://x/sse" }, entry: { type: "sse", url: "http://x/sse" } },
  ])("inline: $proves", ({ inline, entry }) => {
    expect(toClientFile("cursor", { legacy: inline })).toEqual({ mcpServers: { legacy: entry } });
  });
});

describe("toClientFile — Claude Desktop, whose file takes local servers only", () => {
  test("a remote server goes through mcp-remote, each header's value in env and named in --header; stdio is kept", () => {
    expect(toClientFile("claude", blueprint)).toEqual({
      mcpServers: {
        docs: { command: "npx", args: ["-y", "mcp-remote", "http://127.0.0.1:1/mcp", "--header", "X-Namespace:${MCP_HEADER_X_NAMESPACE}"], env: { MCP_HEADER_X_NAMESPACE: "n" } },
        events: { command: "npx", args: ["-y", "mcp-remote", "http://127.0.0.1:1/sse", "--transport", "sse-only"] },
        memory: blueprint.memory,
      },
    });
  });

  test("plain http beyond loopback is allowed explicitly; https and loopback need nothing", () => {
    const file = toClientFile("claude", {
      lan: { type: "http", url: "http://mcp.internal:8080/mcp" },
      tls: { type: "http", url: "https://mcp.example.com/mcp" },
      v6: { type: "http", url: "http://[::1]:3000/mcp" },
    });
    expect(file.mcpServers).toEqual({
      lan: { command: "npx", args: ["-y", "mcp-remote", "http://mcp.internal:8080/mcp", "--allow-http"] },
      tls: { command: "npx", args: ["-y", "mcp-remote", "https://mcp.example.com/mcp"] },
      v6: { command: "npx", args: ["-y", "mcp-remote", "http://[::1]:3000/mcp"] },
    });
  });
});
