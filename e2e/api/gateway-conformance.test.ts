import { execFile } from "node:child_process";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { startBearerProxy, type BearerProxy } from "../support/bearer-proxy";
import { startGatewayFixture, type GatewayFixture } from "../support/gateway-fixture";

/** The suite needs Node ≥ 22: the pinned LTS that runs the tests (lib/cli/pinned-node.ts) runs it too. */
const NODE = process.execPath;
const CONFORMANCE = path.resolve("node_modules/@modelcontextprotocol/conformance/dist/index.js");

/**
 * The official MCP conformance suite's server scenarios that do not depend on particular tool names, prompts,
 * resources or logging (which a gateway does not serve). Left out: `dns-rebinding-protection` (by its own scope,
 * for localhost servers without authentication; the gateway requires a bearer token) and `server-sse-polling`
 * (it has no MUST to check: only SHOULD warnings about priming events, which the SDK sends with an event store).
 */
const SCENARIOS = ["server-initialize", "ping", "tools-list", "server-sse-multiple-streams"];

let fixture: GatewayFixture;
let proxy: BearerProxy;

beforeAll(async () => {
  fixture = await startGatewayFixture();
  // Its CLI cannot send headers: a loopback proxy adds the runner token.
  proxy = await startBearerProxy(fixture.patchbay.baseUrl, fixture.runnerToken);
});
afterAll(async () => {
  await proxy?.close();
  await fixture?.stop();
});

function runScenario(scenario: string): Promise<{ code: number; output: string }> {
  const url = `${proxy.url}/mcp/agents/${fixture.agent}`;
  return new Promise((resolve) => {
    execFile(NODE, [CONFORMANCE, "server", "--url", url, "--scenario", scenario], { timeout: 120_000, env: { ...process.env, NO_COLOR: "1" } }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` });
    });
  });
}

describe("MCP conformance suite against /mcp/agents/:name", () => {
  test.each(SCENARIOS)("%s passes with no failed check", async (scenario) => {
    const { code, output } = await runScenario(scenario);

    expect(code, output).toBe(0);
    expect(output).toMatch(/Passed: (\d+)\/\1, 0 failed/);
  });
});
