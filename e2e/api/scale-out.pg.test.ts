import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { demoAgents, demoCapabilities, demoServers, demoVariables } from "../../prisma/demo-data";
import { apiClient, httpServer, uniqueName } from "../support/api-client";
import { startPatchbay, type PatchbayProcess } from "../support/patchbay-process";
import { openEventStream } from "../support/event-stream-client";
import { freshDatabaseUrl } from "../support/test-database";

/** Two Patchbay instances on one PostgreSQL database, as behind a load balancer (DESIGN §8). */
const ADMIN_TOKEN = "pb_test_scale_out_admin_0123456789";
let instances: PatchbayProcess[] = [];
const clients = (token = ADMIN_TOKEN) => instances.map((instance) => apiClient(instance.baseUrl, { Authorization: `Bearer ${token}` }));

beforeAll(async () => {
  const databaseUrl = await freshDatabaseUrl("scale-out");
  // Both boot at once on the empty database: they migrate and seed the demo data concurrently.
  const started = await Promise.allSettled([0, 1].map(() => startPatchbay({ databaseUrl, env: { PATCHBAY_AUTH: "on", PATCHBAY_ADMIN_TOKEN: ADMIN_TOKEN } })));
  instances = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  const failed = started.find((result) => result.status === "rejected");
  if (failed) throw (failed as PromiseRejectedResult).reason;
}, 180_000);

afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.stop()));
});

describe("two instances on one PostgreSQL database", () => {
  test("booting together: the migrations are applied once, both are ready, neither logs an error", async () => {
    const [a, b] = clients();
    expect((await a.get("/api/readyz")).status).toBe(200);
    expect((await b.get("/api/readyz")).status).toBe(200);

    const logs = instances.map((instance) => instance.logs());
    expect(logs.filter((log) => log.includes("applied migrations"))).toHaveLength(1);
    for (const log of logs) expect(log).not.toMatch(/error/i);
  });

  test("the demo seed is written once: each demo server exactly once, at revision 1", async () => {
    const [a, b] = clients();
    const demoNames = demoServers.map((server) => server.name).sort();
    const listed = await b.get("/api/mcp-servers?limit=1000");
    expect(listed.body.mcp_servers.map((server: { name: string }) => server.name)).toEqual(demoNames);

    for (const name of demoNames) expect((await a.get(`/api/mcp-servers/${name}/revisions`)).body.revisions, name).toHaveLength(1);
    const seeded = instances.map((instance) => Number(/seeded (\d+) demo/.exec(instance.logs())?.[1] ?? 0));
    // Without PATCHBAY_SECRET_KEY on PostgreSQL the demo secret cannot be sealed, so it is left out.
    const plainVariables = demoVariables.filter((variable) => !("secret" in variable && variable.secret));
    expect(seeded[0] + seeded[1]).toBe(plainVariables.length + demoServers.length + demoCapabilities.length + demoAgents.length);
  });

  test("a DEGRADED negotiation answered by one instance is an `event: briefing` on the other's event stream (seed 000)", async () => {
    const [a] = clients();
    const missingString = `${uniqueName("briefing")}:nothing`;
    const stream = await openEventStream(`${instances[1].baseUrl}/api/health/events`, { Authorization: `Bearer ${ADMIN_TOKEN}` });
    try {
      const negotiated = await a.post("/api/negotiate", { requires: [missingString] });
      expect(negotiated.body.status).toBe("DEGRADED");
      const briefing = await stream.waitFor((event: any) => event.event === "briefing" && event.requires?.includes(missingString), 30_000);
      expect(briefing).toEqual({
        event: "briefing", type: "briefing", status: "DEGRADED", environment: "development",
        requires: [missingString], missing: [missingString], bindings: {}, at: expect.any(String),
      });
    } finally {
      await stream.close();
    }
  });

  test("a write on one instance is read on the other at once", async () => {
    const [a, b] = clients();
    const name = uniqueName("shared");

    const created = await a.post("/api/mcp-servers", httpServer(name));
    expect(created.status).toBe(201);
    expect((await b.get(`/api/mcp-servers/${name}?raw=true`)).body.mcp_server).toEqual(created.body.mcp_server);

    const patched = await b.patch(`/api/mcp-servers/${name}`, { description: "changed on B" }, { "If-Match": created.headers.get("etag")! });
    expect(patched.status).toBe(200);
    expect((await a.get(`/api/mcp-servers/${name}?raw=true`)).body.mcp_server).toEqual(patched.body.mcp_server);
    expect((await a.get(`/api/mcp-servers?search=${name}`)).body.mcp_servers[0].description).toBe("changed on B");

    expect((await a.delete(`/api/mcp-servers/${name}`)).status).toBe(204);
    expect((await b.get(`/api/mcp-servers/${name}`)).status).toBe(404);
  });

  test("20 racing PATCHes with one If-Match, split across both — exactly one 200, the rest 412", async () => {
    const [a, b] = clients();
    const name = uniqueName("race-ab");
    const etag = (await a.post("/api/mcp-servers", httpServer(name))).headers.get("etag")!;

    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        [a, b][index % 2].patch(`/api/mcp-servers/${name}`, { description: `writer ${index}` }, { "If-Match": etag })),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 412)).toHaveLength(19);

    const winner = responses.find((response) => response.status === 200)!;
    const stored = (await b.get(`/api/mcp-servers/${name}?raw=true`)).body.mcp_server;
    expect(stored).toEqual(winner.body.mcp_server);
    expect(stored.revision).toBe(2);
  });

  test("20 racing PATCHes without If-Match, split across both — all 200, one revision each", async () => {
    const [a, b] = clients();
    const name = uniqueName("race-free");
    await a.post("/api/mcp-servers", httpServer(name));

    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) => [a, b][index % 2].patch(`/api/mcp-servers/${name}`, { description: `writer ${index}` })),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(200));
    expect(responses.map((response) => response.body.mcp_server.revision).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 2));
    expect((await b.get(`/api/mcp-servers/${name}/revisions`)).body.revisions).toHaveLength(21);
  });

  test("read model: a write on one instance is read on the other at once, with no wait, for every cached read", async () => {
    const [a, b] = clients();
    const name = uniqueName("read-model");
    expect((await a.post("/api/mcp-servers", httpServer(name))).status).toBe(201);

    for (let revision = 2; revision <= 12; revision += 1) {
      const [writer, reader] = revision % 2 === 0 ? [a, b] : [b, a];
      // The reader has the previous revision in its read model: the write must reach it before its next read.
      const before = await reader.get(`/api/mcp-servers/${name}?environment=production`);
      expect(before.body.mcp_server.revision).toBe(revision - 1);
      await reader.get(`/api/mcp-servers?search=${name}`);

      const written = await writer.patch(`/api/mcp-servers/${name}`, { description: `revision ${revision}` });
      expect(written.body.mcp_server.revision).toBe(revision);

      const resolved = await reader.get(`/api/mcp-servers/${name}?environment=production`, { "If-None-Match": before.headers.get("etag")! });
      expect(resolved.status).toBe(200);
      expect(resolved.body.mcp_server.revision).toBe(revision);
      expect((await reader.get(`/api/mcp-servers?search=${name}`)).body.mcp_servers[0].description).toBe(`revision ${revision}`);
      expect((await reader.get(`/api/mcp-servers/${name}?raw=true`)).body.mcp_server.revision).toBe(revision);
    }
  });

  test("read model, POST reads: a write on one instance changes the other's next validate and blueprint answer, with no wait", async () => {
    const [a, b] = clients();
    const variable = `SCALE_OUT_${uniqueName("v").slice(2, 10).toUpperCase().replace(/-/g, "_")}`;
    expect((await a.put(`/api/variables/${variable}`, { value: "http://127.0.0.1:1" })).status).toBe(201);
    const server = uniqueName("post-read");
    expect((await a.post("/api/mcp-servers", httpServer(server, { transport: { type: "http", url: `\${${variable}}/mcp` } }))).status).toBe(201);
    const capability = uniqueName("post-read");
    expect((await a.post("/api/capabilities", { name: capability, description: "two instances", mcp_servers: { docs: server } })).status).toBe(201);
    const agent = uniqueName("post-read");
    expect((await a.post("/api/agents", { name: agent, description: "two instances", capabilities: [capability] })).status).toBe(201);

    for (let port = 2; port <= 7; port += 1) {
      const [writer, reader] = port % 2 === 0 ? [a, b] : [b, a];
      // The reader has the previous answer of both POSTs in its read model: the write must reach it before its next POST.
      expect((await reader.post(`/api/mcp-servers/${server}/validate`, { environment: "production" })).body.resolved_config.url).toBe(`http://127.0.0.1:${port - 1}/mcp`);
      expect((await reader.post(`/api/agents/${agent}/blueprint`, { environment: "production" })).body.agent.mcp_servers.docs.url).toBe(`http://127.0.0.1:${port - 1}/mcp`);

      expect((await writer.put(`/api/variables/${variable}`, { value: `http://127.0.0.1:${port}` })).status).toBe(200);

      expect((await reader.post(`/api/mcp-servers/${server}/validate`, { environment: "production" })).body.resolved_config.url).toBe(`http://127.0.0.1:${port}/mcp`);
      expect((await reader.post(`/api/agents/${agent}/blueprint`, { environment: "production" })).body.agent.mcp_servers.docs.url).toBe(`http://127.0.0.1:${port}/mcp`);
    }
  });

  test("a token revoked on one instance is refused by the other at once", async () => {
    const [a] = clients();
    const minted = await a.post("/api/tokens", { name: uniqueName("scale-out-runner"), role: "runner" });
    expect(minted.status).toBe(201);
    const [, runnerOnB] = clients(minted.body.token);
    expect((await runnerOnB.get("/api/mcp-servers")).status).toBe(200);
    expect((await runnerOnB.get("/api/mcp-servers")).status).toBe(200);

    expect((await a.delete(`/api/tokens/${minted.body.id}`)).status).toBe(204);
    expect((await runnerOnB.get("/api/mcp-servers")).status).toBe(401);
  });
});
