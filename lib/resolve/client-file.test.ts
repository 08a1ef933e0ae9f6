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
    { format: "claude", key: "mcpServers" },
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
    expect(toClientFile("claude", { legacy: inline })).toEqual({ mcpServers: { legacy: entry } });
  });
});
