import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";

import { startEverything, type EverythingServer } from "../../lib/mcp/test-peers";
import { apiClient, httpServer, uniqueName } from "../support/api-client";
import { startPatchbay, type PatchbayProcess } from "../support/patchbay-process";
import { waitUntil } from "../support/wait-until";

const baseUrl = inject("baseUrl");
const api = apiClient(baseUrl);
let everything: EverythingServer;

beforeAll(async () => {
  everything = await startEverything("streamableHttp");
}, 60_000);

afterAll(async () => everything?.stop());

async function scrape(url = baseUrl, headers: Record<string, string> = {}): Promise<{ status: number; type: string | null; text: string }> {
  const response = await fetch(`${url}/metrics`, { headers });
  return { status: response.status, type: response.headers.get("content-type"), text: await response.text() };
}

/** The value of one series, by its exact labels in the registry's order; undefined when absent. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split("\n").find((each) => each.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("GET /metrics (DESIGN §12)", () => {
  test("counts API requests by operation path, method and status, in the Prometheus text format", async () => {
    const before = valueOf((await scrape()).text, 'patchbay_http_requests_total{route="/api/mcp-servers/{name}",method="GET",status="404"}') ?? 0;
    for (let i = 0; i < 3; i++) expect((await api.get(`/api/mcp-servers/${uniqueName("absent")}`)).status).toBe(404);

    const { status, type, text } = await scrape();

    expect(status).toBe(200);
    expect(type).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(valueOf(text, 'patchbay_http_requests_total{route="/api/mcp-servers/{name}",method="GET",status="404"}')).toBe(before + 3);
    expect(text).toMatch(/^patchbay_http_request_duration_seconds_bucket\{le="\+Inf",route="\/api\/mcp-servers\/\{name\}",method="GET",status="404"\} \d+$/m);
    expect(text).toContain("# TYPE patchbay_approvals_open gauge");
    expect(text).toContain("# TYPE patchbay_sweep_duration_seconds histogram");
  });

  test("health per server and environment is 1 for the current status; tool calls and the circuit are counted per server", async () => {
    const name = uniqueName("metered");
    const agent = uniqueName("metered-agent");
    expect((await api.post("/api/mcp-servers", httpServer(name, { transport: { type: "http", url: `http://127.0.0.1:${everything.port}/mcp` } }))).status).toBe(201);
    expect((await api.post("/api/agents", { name: agent, description: "calls echo", mcp_servers: { ev: name } })).status).toBe(201);
    expect((await api.post(`/api/mcp-servers/${name}/health-check`, {})).body.status).toBe("healthy");

    const invoked = await api.post("/api/invoke", { action: "ev.echo", agent, input: { message: "counted" } });
    expect(invoked.status).toBe(200);

    const { text } = await scrape();
    expect(valueOf(text, `patchbay_health_status{server="${name}",environment="development",status="healthy"}`)).toBe(1);
    expect(text.split("\n").filter((line) => line.startsWith(`patchbay_health_status{server="${name}",`))).toHaveLength(1);
    expect(valueOf(text, `patchbay_tool_calls_total{server="${name}",tool="ev.echo",outcome="ok"}`)).toBe(1);
    expect(valueOf(text, `patchbay_tool_call_duration_seconds_count{server="${name}",tool="ev.echo"}`)).toBe(1);
    expect(valueOf(text, `patchbay_circuit_state{server="${name}",environment="development"}`)).toBe(0);
  });
});

describe("who may read /metrics", () => {
  let open: PatchbayProcess;

  beforeAll(async () => {
    open = await startPatchbay({ env: { PATCHBAY_AUTH: "on", PATCHBAY_METRICS_PUBLIC: "true", PATCHBAY_SEED_DEMO: "false", PATCHBAY_HEALTH_INTERVAL_S: "1" } });
  }, 120_000);

  afterAll(async () => open?.stop());

  test("with PATCHBAY_METRICS_PUBLIC=true anyone may scrape it, while the API stays closed; finished sweeps are timed", async () => {
    expect((await scrape(open.baseUrl)).status).toBe(200);
    expect((await fetch(`${open.baseUrl}/api/mcp-servers`)).status).toBe(401);

    await waitUntil(async () => (valueOf((await scrape(open.baseUrl)).text, "patchbay_sweep_duration_seconds_count") ?? 0) >= 1, 60_000, "a sweep finished and was timed");
  });
});
