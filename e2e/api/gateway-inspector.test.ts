import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { ALIASES, startGatewayFixture, type GatewayFixture } from "../support/gateway-fixture";
import { runInspectorCli } from "../support/mcp-peers";

/**
 * A client nobody here wrote: the MCP Inspector CLI against an agent's gateway, whose capability reaches
 * `server-everything` over streamable HTTP, SSE and stdio at once (DESIGN §12). Loopback only.
 */
let fixture: GatewayFixture;

beforeAll(async () => {
  fixture = await startGatewayFixture();
});
afterAll(async () => fixture?.stop());

function inspect(...args: string[]) {
  return runInspectorCli([fixture.gatewayUrl("agents", fixture.agent).href, "--transport", "http", "--header", `Authorization: Bearer ${fixture.runnerToken}`, ...args]);
}

describe("MCP Inspector CLI against /mcp/agents/:name", () => {
  test("tools/list exits 0 with exactly the three servers' catalog tools as alias.tool", async () => {
    const expected = (await Promise.all(ALIASES.map(async (alias) => {
      const { body } = await fixture.admin.get(`/api/mcp-servers/${fixture.servers[alias]}/tools`);
      return (body.tools as { name: string }[]).map((tool) => `${alias}.${tool.name}`);
    }))).flat().sort();

    const result = await inspect("--method", "tools/list");

    expect(result.code, result.stderr).toBe(0);
    const names = (JSON.parse(result.stdout) as { tools: { name: string }[] }).tools.map((tool) => tool.name).sort();
    expect(names).toEqual(expected);
    expect(names).toEqual(expect.arrayContaining(["http.echo", "sse.echo", "stdio.echo"]));
  });

  test.each(ALIASES)("tools/call %s.echo exits 0 with the upstream's echo", async (alias) => {
    const result = await inspect("--method", "tools/call", "--tool-name", `${alias}.echo`, "--tool-arg", `message=through ${alias}`);

    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ content: [{ type: "text", text: `Echo: through ${alias}` }] });
  });

  test("without the bearer header the CLI stops at authentication (the gateway answered 401)", async () => {
    const result = await runInspectorCli([fixture.gatewayUrl("agents", fixture.agent).href, "--transport", "http", "--method", "tools/list", "--stored-auth-only"]);

    expect(result.code).not.toBe(0);
    expect(JSON.parse(result.stdout || result.stderr).error.code).toBe("auth_required");
  });
});
