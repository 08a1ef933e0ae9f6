import { describe, expect, it } from "vitest";

import { convert } from "./detect";
import { introducedPlaceholders, replaceLiteralSecrets } from "./secrets";

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

  it("keeps the references of a value that has some, replacing only its literal parts (their separators kept)", () => {
    const server = {
      name: "s2",
      transport: {
        type: "http", url: "https://bot:${PW_PREFIX}pw-1@mcp.example.com/mcp?api_key=${TENANT}-k1&token=${A}:${B}",
        headers: { "X-Api-Key": "${TENANT}-sk-live-LITERALMIX-333", Authorization: "Bearer ${TENANT}.tok-1==", "X-Two": "a", Token: "a${X}b", "X-Secret": "${USER}:${PASS}" },
      },
    };
    expect(replaceLiteralSecrets(server).transport).toEqual({
      type: "http", url: "https://bot:${PW_PREFIX}${S2_URL_PASSWORD}@mcp.example.com/mcp?api_key=${TENANT}-${S2_URL_QUERY_API_KEY}&token=${A}:${B}",
      headers: { "X-Api-Key": "${TENANT}-${S2_X_API_KEY}", Authorization: "Bearer ${TENANT}.${S2_AUTHORIZATION}==", "X-Two": "a", Token: "${S2_TOKEN}${X}${S2_TOKEN_1}", "X-Secret": "${USER}:${PASS}" },
    });
    expect(introducedPlaceholders(server, replaceLiteralSecrets(server))).toEqual(["S2_AUTHORIZATION", "S2_TOKEN", "S2_TOKEN_1", "S2_URL_PASSWORD", "S2_URL_QUERY_API_KEY", "S2_X_API_KEY"]);
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
