import { describe, expect, it } from "vitest";

import { isLiteralSecret } from "../schemas/secrets";
import { convert } from "./detect";
import { introducedPlaceholders, replaceLiteralSecrets } from "./secrets";

describe("isLiteralSecret", () => {
  it.each([
    ["Authorization", "Bearer abc", true],
    ["X-Api-Key", "k-123", true],
    ["GITHUB_TOKEN", "ghp_1", true],
    ["db_password", "hunter2", true],
    ["CLIENT_SECRET", "s", true],
    ["Authorization", "Bearer ${TOKEN}", false],
    ["X-Api-Key", "{{api_key}}", false],
    ["GITHUB_TOKEN", "", false],
    ["LOG_LEVEL", "debug", false],
  ])("%s = %j → %s", (key, value, expected) => {
    expect(isLiteralSecret(key, value)).toBe(expected);
  });
});

describe("replaceLiteralSecrets", () => {
  it("replaces literal secrets of the transport and of each environment, keeping an auth scheme", () => {
    const server = {
      name: "linear-issues",
      transport: { type: "http", url: "https://mcp.linear.app/mcp", headers: { Authorization: "Bearer lin_abc", "X-Trace": "on" } },
      environments: { production: { headers: { "X-Api-Key": "prod-key" } } },
    };
    expect(replaceLiteralSecrets(server)).toEqual({
      name: "linear-issues",
      transport: {
        type: "http",
        url: "https://mcp.linear.app/mcp",
        headers: { Authorization: "Bearer ${LINEAR_ISSUES_AUTHORIZATION}", "X-Trace": "on" },
      },
      environments: { production: { headers: { "X-Api-Key": "${LINEAR_ISSUES_PRODUCTION_X_API_KEY}" } } },
    });
  });

  it("replaces a URL's password and secret-looking query values, in the transport and each environment", () => {
    const server = {
      name: "search",
      transport: { type: "http", url: "https://bot:pw-123@mcp.example.com/mcp?api_key=k1&region=eu&api_key=k2" },
      environments: { production: { url: "https://mcp.example.com/mcp?access_token=${PROD_TOKEN}&token=t9" } },
    };
    expect(replaceLiteralSecrets(server)).toEqual({
      name: "search",
      transport: { type: "http", url: "https://bot:${SEARCH_URL_PASSWORD}@mcp.example.com/mcp?api_key=${SEARCH_URL_QUERY_API_KEY}&region=eu&api_key=${SEARCH_URL_QUERY_API_KEY_1}" },
      environments: { production: { url: "https://mcp.example.com/mcp?access_token=${PROD_TOKEN}&token=${SEARCH_PRODUCTION_URL_QUERY_TOKEN}" } },
    });
  });

  it("replaces stdio env values and leaves placeholders and the input alone", () => {
    const server = {
      name: "mcp-irwin",
      transport: { type: "stdio", command: "python", env: { IRWIN_API_KEY: "...", OTHER_TOKEN: "${OTHER_TOKEN}" } },
    };
    const copy = replaceLiteralSecrets(server);
    expect(copy.transport).toEqual({
      type: "stdio",
      command: "python",
      env: { IRWIN_API_KEY: "${MCP_IRWIN_IRWIN_API_KEY}", OTHER_TOKEN: "${OTHER_TOKEN}" },
    });
    expect(server.transport.env.IRWIN_API_KEY).toBe("...");
  });
});

describe("introducedPlaceholders", () => {
  it("names only the placeholders the replacement added, sorted", () => {
    const before = { transport: { type: "http", url: "${BASE_URL}/mcp", headers: { Authorization: "Bearer lin_abc", "X-Api-Key": "k" } } };
    const after = replaceLiteralSecrets({ name: "linear", ...before });
    expect(introducedPlaceholders(before, after)).toEqual(["LINEAR_AUTHORIZATION", "LINEAR_X_API_KEY"]);
  });

  it("is reported per server by convert with secrets to placeholders, and not without", () => {
    const text = JSON.stringify({ mcpServers: { gh: { command: "npx", args: ["gh-mcp"], env: { GITHUB_TOKEN: "ghp_1", LOG_LEVEL: "debug" } }, plain: { url: "https://x.example/mcp" } } });
    expect(convert(text, { secretsToPlaceholders: true }).placeholders).toEqual({ gh: ["GH_GITHUB_TOKEN"] });
    expect(convert(text).placeholders).toEqual({});
  });
});
