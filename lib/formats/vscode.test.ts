import { describe, expect, it } from "vitest";

import { convert } from "./detect";
import { expectValidServers, readFixture } from "./fixtures/helpers";

describe("VS Code mcp.json", () => {
  it("reads JSONC and turns ${input:…} and ${env:…} into ${VAR} placeholders", () => {
    const bundle = convert(readFixture("vscode.jsonc"));
    expect(bundle).toEqual({
      format: "vscode",
      servers: [
        {
          name: "github",
          description: "Imported from vscode",
          transport: { type: "http", url: "https://api.githubcopilot.com/mcp/", headers: { Authorization: "Bearer ${GITHUB_TOKEN}" } },
        },
        {
          name: "perplexity",
          description: "Imported from vscode",
          transport: {
            type: "stdio",
            command: "npx",
            args: ["-y", "server-perplexity-ask"],
            env: { PERPLEXITY_API_KEY: "${PERPLEXITY_KEY}", HOME_DIR: "${HOME}" },
          },
        },
        {
          name: "memory",
          description: "Imported from vscode",
          transport: { type: "stdio", command: "npx", args: ["-y", "@modelcontextprotocol/server-memory"] },
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

  it("reads the same under `mcp` in settings.json", () => {
    const text = '{ "editor.fontSize": 14, "mcp": { "servers": { "time": { "command": "uvx", "args": ["mcp-server-time"] } } } }';
    const bundle = convert(text);
    expect(bundle.format).toBe("vscode");
    expect(bundle.servers).toEqual([
      { name: "time", description: "Imported from vscode", transport: { type: "stdio", command: "uvx", args: ["mcp-server-time"] } },
    ]);
  });
});
