import http from "node:http";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { startEverything, startRecordingProxy, type EverythingServer } from "../../lib/mcp/test-peers";
import { apiClient, httpServer, uniqueName } from "../support/api-client";
import { freePort, startPatchbay, type PatchbayProcess } from "../support/patchbay-process";
import { waitUntil } from "../support/wait-until";

/** What an OTLP/HTTP JSON collector receives of a span. */
type ReceivedSpan = { name: string; traceId: string; spanId: string; attributes: Record<string, unknown> };

let collector: http.Server;
const spans: ReceivedSpan[] = [];
let everything: EverythingServer;
let proxy: Awaited<ReturnType<typeof startRecordingProxy>>;
let patchbay: PatchbayProcess;

/** A minimal OTLP/HTTP receiver (JSON encoding): it keeps every span the exporter posts to /v1/traces. */
async function startCollector(): Promise<number> {
  const port = await freePort();
  collector = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      if (req.url === "/v1/traces") {
        const body = JSON.parse(Buffer.concat(chunks).toString());
        for (const resource of body.resourceSpans ?? []) {
          for (const scope of resource.scopeSpans ?? []) {
            for (const span of scope.spans ?? []) {
              const attributes = Object.fromEntries((span.attributes ?? []).map((attribute: { key: string; value: Record<string, unknown> }) => [attribute.key, Object.values(attribute.value)[0]]));
              spans.push({ name: span.name, traceId: span.traceId, spanId: span.spanId, attributes });
            }
          }
        }
      }
      res.writeHead(200, { "Content-Type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => collector.listen(port, "127.0.0.1", resolve));
  return port;
}

beforeAll(async () => {
  const collectorPort = await startCollector();
  everything = await startEverything("streamableHttp");
  proxy = await startRecordingProxy(everything.port);
  patchbay = await startPatchbay({
    env: {
      PATCHBAY_AUTH: "off", PATCHBAY_SEED_DEMO: "false", PATCHBAY_HEALTH_INTERVAL_S: "0",
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${collectorPort}`, OTEL_EXPORTER_OTLP_PROTOCOL: "http/json", OTEL_BSP_SCHEDULE_DELAY: "100",
    },
  });
}, 120_000);

afterAll(async () => {
  await Promise.all([patchbay?.stop(), everything?.stop(), proxy?.close()]);
  await new Promise((resolve) => collector?.close(resolve));
});

describe("OpenTelemetry tracing with OTEL_EXPORTER_OTLP_ENDPOINT (DESIGN §12)", () => {
  test("a re-check is a probe span inside the request's trace, and the upstream MCP server receives that trace's traceparent", async () => {
    const api = apiClient(patchbay.baseUrl);
    const name = uniqueName("traced");
    expect((await api.post("/api/mcp-servers", httpServer(name, { transport: { type: "http", url: `${proxy.url}/mcp` } }))).status).toBe(201);

    const check = await api.post(`/api/mcp-servers/${name}/health-check`, {});
    expect(check.body.status).toBe("healthy");

    await waitUntil(() => spans.some((span) => span.name === "patchbay.probe" && span.attributes["patchbay.server"] === name), 30_000, "the probe's span reached the collector");
    const probe = spans.find((span) => span.name === "patchbay.probe" && span.attributes["patchbay.server"] === name)!;
    expect(probe.attributes["patchbay.environment"]).toBe("development");
    expect(proxy.traceparents.length).toBeGreaterThan(0);
    for (const traceparent of proxy.traceparents) expect(traceparent).toMatch(new RegExp(`^00-${probe.traceId}-[0-9a-f]{16}-01$`));

    // Next.js traces the request itself; the probe span belongs to the same trace.
    await waitUntil(() => spans.some((span) => span.traceId === probe.traceId && span.name !== "patchbay.probe"), 30_000, "the request's own span reached the collector");
  });

  test("a tool call joins the trace named by seed 001's context.trace_id: its span, the upstream's traceparent and the call log agree", async () => {
    const api = apiClient(patchbay.baseUrl);
    const name = uniqueName("traced-call");
    const agent = uniqueName("traced-agent");
    const traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
    expect((await api.post("/api/mcp-servers", httpServer(name, { transport: { type: "http", url: `${proxy.url}/mcp` } }))).status).toBe(201);
    expect((await api.post("/api/agents", { name: agent, description: "traced", mcp_servers: { ev: name } })).status).toBe(201);
    expect((await api.post(`/api/mcp-servers/${name}/health-check`, {})).body.status).toBe("healthy");
    const seen = proxy.traceparents.length;

    const invoked = await api.post("/api/invoke", { action: "ev.echo", agent, input: { message: "traced" }, context: { trace_id: traceId } });

    expect(invoked.status).toBe(200);
    expect(invoked.body.metadata.trace_id).toBe(traceId);
    expect(proxy.traceparents.slice(seen).length).toBeGreaterThan(0);
    for (const traceparent of proxy.traceparents.slice(seen)) expect(traceparent).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));
    await waitUntil(() => spans.some((span) => span.name === "patchbay.tool_call" && span.traceId === traceId), 30_000, "the tool call's span reached the collector");
    expect(spans.find((span) => span.name === "patchbay.tool_call" && span.traceId === traceId)!.attributes).toEqual({ "patchbay.target": `agent ${agent}`, "patchbay.tool": "ev.echo" });
    await waitUntil(async () => (await api.get(`/api/calls?agent=${agent}`)).body.calls.length > 0, 30_000, "the call was logged");
    const logged = await api.get(`/api/calls?agent=${agent}`);
    expect(logged.body.calls.map((call: { trace_id: string }) => call.trace_id)).toEqual([traceId]);
  });
});
