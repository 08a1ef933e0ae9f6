import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { freePort, startEverything, type EverythingServer } from "../../lib/mcp/test-peers";
import { apiClient, httpServer, uniqueName } from "../support/api-client";
import { openEventStream } from "../support/event-stream-client";
import { startPatchbay, tempSqliteUrl, type PatchbayProcess } from "../support/patchbay-process";

// Two Patchbay processes on one database: a status change recorded by either reaches clients of both.
let first: PatchbayProcess;
let second: PatchbayProcess;
let everything: EverythingServer;
const group = uniqueName("events");

beforeAll(async () => {
  const databaseUrl = tempSqliteUrl("events");
  const env = { PATCHBAY_AUTH: "off", PATCHBAY_RATE_TESTS_PER_MIN: "10000", PATCHBAY_SEED_DEMO: "false" };
  first = await startPatchbay({ databaseUrl, env });
  [second, everything] = await Promise.all([startPatchbay({ databaseUrl, env }), startEverything("streamableHttp")]);
});

afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop(), everything?.stop()]);
});

describe("GET /api/health/events", () => {
  test("a status change reaches clients of this instance and of another one; an unchanged status sends nothing", async () => {
    const a = apiClient(first.baseUrl);
    const name = `${group}-live`;
    const url = `http://127.0.0.1:${everything.port}/mcp`;
    expect((await a.post("/api/mcp-servers", httpServer(name, { transport: { type: "http", url } }))).status).toBe(201);

    const local = await openEventStream(`${first.baseUrl}/api/health/events`);
    const remote = await openEventStream(`${second.baseUrl}/api/health/events`);
    try {
      expect(local.status).toBe(200);
      expect(local.contentType).toContain("text/event-stream");
      const checked = await a.post(`/api/mcp-servers/${name}/health-check`);
      expect(checked.body.status).toBe("healthy");
      const expected = { name, health: checked.body };
      expect(await local.waitFor((event) => event.name === name)).toEqual(expected);
      expect(await remote.waitFor((event) => event.name === name)).toEqual(expected);

      // Same status again: no event. A different one, recorded through the second instance: an event on both.
      await a.post(`/api/mcp-servers/${name}/health-check`);
      const closed = await freePort();
      await a.patch(`/api/mcp-servers/${name}`, { transport: { type: "http", url: `http://127.0.0.1:${closed}/mcp` } });
      const down = await apiClient(second.baseUrl).post(`/api/mcp-servers/${name}/health-check`);
      expect(down.body.status).toBe("unhealthy");
      expect(await local.waitFor((event) => event.name === name && event.health.status === "unhealthy")).toEqual({ name, health: down.body });
      await remote.waitFor((event) => event.name === name && event.health.status === "unhealthy");

      const ofThisServer = (client: typeof local) => client.events.filter((event: any) => event.name === name);
      expect(ofThisServer(local).map((event: any) => event.health.status)).toEqual(["healthy", "unhealthy"]);
      expect(ofThisServer(remote).map((event: any) => event.health.status)).toEqual(["healthy", "unhealthy"]);
    } finally {
      await Promise.all([local.close(), remote.close()]);
    }
  });

  test("a client that goes away is released: the server keeps answering and a new client still gets events", async () => {
    const a = apiClient(first.baseUrl);
    for (let round = 0; round < 5; round++) {
      const stream = await openEventStream(`${first.baseUrl}/api/health/events`);
      await stream.close();
    }
    const name = `${group}-after`;
    const closed = await freePort();
    await a.post("/api/mcp-servers", httpServer(name, { transport: { type: "http", url: `http://127.0.0.1:${closed}/mcp` } }));

    const stream = await openEventStream(`${first.baseUrl}/api/health/events`);
    try {
      await a.post(`/api/mcp-servers/${name}/health-check`);
      expect(await stream.waitFor((event) => event.name === name)).toMatchObject({ name, health: { status: "unhealthy" } });
    } finally {
      await stream.close();
    }
  });
});
