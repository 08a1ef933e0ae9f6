import { describe, expect, test } from "vitest";

import { gatewayUrl, toGatewayClientFile } from "./gateway-client-file";

const url = "https://patchbay.example/mcp/agents/support-bot?environment=production";

describe("gatewayUrl — the agent's MCP endpoint", () => {
  test.each([
    { proves: "no environment: none in the query", environment: undefined, expected: "https://patchbay.example/mcp/agents/support-bot" },
    { proves: "a chosen environment goes in the query", environment: "production", expected: url },
    { proves: "names are encoded", environment: "a b", expected: "https://patchbay.example/mcp/agents/support-bot?environment=a+b" },
  ])("$proves", ({ environment, expected }) => {
    expect(gatewayUrl("https://patchbay.example", "support-bot", environment)).toBe(expected);
  });
});

describe("toGatewayClientFile with sign-in — no token: the client signs its user in through the browser (OAuth)", () => {
  test("VS Code: an http entry with the URL alone", () => {
    expect(toGatewayClientFile("vscode", "patchbay-support-bot", url)).toEqual({ servers: { "patchbay-support-bot": { type: "http", url } } });
  });

  test("Cursor: the URL alone", () => {
    expect(toGatewayClientFile("cursor", "patchbay-support-bot", url)).toEqual({ mcpServers: { "patchbay-support-bot": { url } } });
  });

  test("Claude Desktop: mcp-remote with the URL alone (it runs the sign-in)", () => {
    expect(toGatewayClientFile("claude", "patchbay-support-bot", url)).toEqual({ mcpServers: { "patchbay-support-bot": { command: "npx", args: ["-y", "mcp-remote", url] } } });
  });
});

describe("toGatewayClientFile with a runner token — one entry per client, the token as that client's own input", () => {
  test("VS Code prompts for the token (inputs, ${input:…}) and types the entry http", () => {
    expect(toGatewayClientFile("vscode", "patchbay-support-bot", url, "runner-token")).toEqual({
      inputs: [{ type: "promptString", id: "patchbay-token", description: "Patchbay runner token", password: true }],
      servers: { "patchbay-support-bot": { type: "http", url, headers: { Authorization: "Bearer ${input:patchbay-token}" } } },
    });
  });

  test("Cursor reads it from the environment (${env:…})", () => {
    expect(toGatewayClientFile("cursor", "patchbay-support-bot", url, "runner-token")).toEqual({
      mcpServers: { "patchbay-support-bot": { url, headers: { Authorization: "Bearer ${env:PATCHBAY_TOKEN}" } } },
    });
  });

  test("Claude Desktop goes through mcp-remote, the header expanded from the entry's env", () => {
    expect(toGatewayClientFile("claude", "patchbay-support-bot", url, "runner-token")).toEqual({
      mcpServers: {
        "patchbay-support-bot": {
          command: "npx",
          args: ["-y", "mcp-remote", url, "--header", "Authorization:${PATCHBAY_AUTHORIZATION}"],
          env: { PATCHBAY_AUTHORIZATION: "Bearer <a Patchbay runner token>" },
        },
      },
    });
  });
});
