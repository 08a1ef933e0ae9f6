import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { apiClient, httpServer, uniqueName, type ApiClient } from "../support/api-client";
import { authedEnv } from "../support/authed-patchbay";
import { startBearerProxy, type BearerProxy } from "../support/bearer-proxy";
import { REVISIONS, regressions, runServerRequirements, tally, type ConformanceRun, type Revision } from "../support/conformance-cli";
import { installConformanceServer, type ConformanceEverythingServer, type ConformanceServerInstall } from "../support/conformance-everything-server";
import { startPatchbay, type PatchbayProcess } from "../support/patchbay-process";
import { mintToken } from "../support/roles";

/**
 * The referee of DESIGN §16: the official conformance suite's server requirement sets for both revisions, run
 * directly against the suite's own everything-server and through a Patchbay agent gateway in front of another
 * instance of it (same install, its own state, so the two runs go side by side without meeting in its shared
 * subscriptions and listen streams). The agent references the server with `"names": "bare"`, so the suite finds
 * the tools and prompts under the names it calls. Every scenario that passes directly must pass through the gateway.
 */

const ADMIN_TOKEN = "pb_referee_admin_token_0123456789";
/**
 * REFEREE_PLAIN_ALIAS=1 references the server under a plain alias instead (`conf.<tool>`): only to exercise the
 * harness on a Patchbay that does not know `names` yet. The scenarios that call a tool by its name then fail
 * through the gateway; the assertion stays the same.
 */
const PLAIN_ALIAS = process.env.REFEREE_PLAIN_ALIAS === "1";

let install: ConformanceServerInstall | undefined;
const upstreams: { direct?: ConformanceEverythingServer; behindGateway?: ConformanceEverythingServer } = {};
let patchbay: PatchbayProcess | undefined;
let proxy: BearerProxy | undefined;
let gatewayUrl: string;

beforeAll(async () => {
  const started = performance.now();
  await Promise.all([
    installConformanceServer().then((installed) => (install = installed)),
    startPatchbay({ env: { ...authedEnv(ADMIN_TOKEN), PATCHBAY_RATE_CALLS_PER_MIN: "1000000", PATCHBAY_OUTBOUND_ALLOW: "127.0.0.0/8,::1/128" } }).then((process) => (patchbay = process)),
  ]);
  log(`referee: npm install of the everything-server ${seconds(install!.installMs)}; with Patchbay starting beside it ${seconds(performance.now() - started)}`);
  const upstreamsStarted = performance.now();
  await Promise.all([
    install!.start().then((server) => (upstreams.direct = server)),
    install!.start().then((server) => (upstreams.behindGateway = server)),
  ]);
  log(`referee: two everything-servers answering in ${seconds(performance.now() - upstreamsStarted)}`);

  const admin = apiClient(patchbay!.baseUrl, { Authorization: `Bearer ${ADMIN_TOKEN}` });
  const agent = await registerAgent(admin, upstreams.behindGateway!.url);
  // The CLI cannot send headers: a loopback proxy adds the runner token and passes Host and Origin as sent.
  proxy = await startBearerProxy(patchbay!.baseUrl, await mintToken(patchbay!.baseUrl, ADMIN_TOKEN, uniqueName("referee-runner"), "runner"));
  gatewayUrl = `${proxy.url}/mcp/agents/${agent}`;
}, 600_000);

afterAll(async () => {
  await proxy?.close();
  await Promise.all([patchbay?.stop(), upstreams.direct?.stop(), upstreams.behindGateway?.stop()]);
  install?.remove();
}, 60_000);

/** An http server for the upstream (tested once, so the catalog holds its tools) and an agent that references it. */
async function registerAgent(admin: ApiClient, upstreamUrl: string): Promise<string> {
  const server = uniqueName("conformance-everything");
  const agent = uniqueName("referee");
  await expectStatus(admin.post("/api/mcp-servers", httpServer(server, { transport: { type: "http", url: upstreamUrl } })), 201, "registering the everything-server");
  await expectStatus(admin.post(`/api/mcp-servers/${server}/test`, {}), 200, "testing the everything-server");
  const reference = PLAIN_ALIAS ? { server } : { server, names: "bare" };
  await expectStatus(admin.post("/api/agents", { name: agent, description: "The conformance referee", mcp_servers: { conf: reference } }), 201, "creating the agent");
  return agent;
}

describe("the referee (DESIGN §16): the conformance suite's server requirement sets, directly and through an agent gateway", () => {
  test.each(REVISIONS)("%s: every scenario that passes directly against the everything-server passes through the gateway", async (revision) => {
    const [direct, throughGateway] = await Promise.all([
      runServerRequirements(upstreams.direct!.url, revision),
      runServerRequirements(gatewayUrl, revision),
    ]);
    log(summary(revision, direct, throughGateway));

    expect(tally(direct.results).passed, "no scenario passes directly: the harness, not the gateway, is broken").toBeGreaterThan(0);
    expect(regressions(direct, throughGateway), `${revision}: scenarios that pass directly and fail through the gateway`).toEqual([]);
  }, 1_800_000);
});

/** e.g. `2025-11-25: direct 30/30 scored scenarios (33/33 run, 2.3 s), through the gateway 30/30 (33/33 run, 2.9 s)`. */
function summary(revision: Revision, direct: ConformanceRun, throughGateway: ConformanceRun): string {
  const describe = (run: ConformanceRun) => {
    const scored = tally(run.results.filter((result) => result.scored));
    const all = tally(run.results);
    return `${scored.passed}/${scored.total}${run === direct ? " scored scenarios" : ""} (${all.passed}/${all.total} run, ${seconds(run.ms)})`;
  };
  return `referee ${revision}: direct ${describe(direct)}, through the gateway ${describe(throughGateway)}`;
}

async function expectStatus<T extends { status: number; text: string }>(pending: Promise<T>, status: number, what: string): Promise<T> {
  const response = await pending;
  if (response.status !== status) throw new Error(`${what}: ${response.status} ${response.text}`);
  return response;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

function log(line: string): void {
  console.log(line);
}
