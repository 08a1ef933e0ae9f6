import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { startEverything, startSilentPeer, type EverythingServer, type Peer } from "../../lib/mcp/test-peers";
import { apiClient, httpServer, uniqueName } from "../support/api-client";
import { startPatchbay, tempSqliteUrl, type PatchbayProcess } from "../support/patchbay-process";
import { waitUntil } from "../support/wait-until";

// A sweep of one live and two silent servers at concurrency 1 takes over 3 s: longer than the 2 s interval.
const env = {
  PATCHBAY_AUTH: "off", PATCHBAY_SEED_DEMO: "false", PATCHBAY_HEALTH_INTERVAL_S: "2",
  PATCHBAY_HEALTH_TIMEOUT_MS: "1500", PATCHBAY_HEALTH_CONCURRENCY: "1", PATCHBAY_RATE_TESTS_PER_MIN: "10000",
};
const SWEEP_LINE = /Patchbay: health sweep by \S+: \d+ servers in \d+ ms/g;
let instances: PatchbayProcess[] = [];
let everything: EverythingServer;
let silent: Peer[] = [];
const group = uniqueName("sweep");
const names = { live: `${group}-live`, silentA: `${group}-silent-a`, silentB: `${group}-silent-b` };

const sweepsBy = (instance: PatchbayProcess) => instance.logs().match(SWEEP_LINE)?.length ?? 0;

beforeAll(async () => {
  const databaseUrl = tempSqliteUrl("sweep");
  [everything, ...silent] = await Promise.all([startEverything("streamableHttp"), startSilentPeer(), startSilentPeer()]) as [EverythingServer, Peer, Peer];
  // Servers exist before any instance starts, so the very first sweep already finds them.
  const seed = await startPatchbay({ databaseUrl, env: { ...env, PATCHBAY_HEALTH_INTERVAL_S: "0" } });
  const api = apiClient(seed.baseUrl);
  for (const [name, url] of [[names.live, `http://127.0.0.1:${everything.port}/mcp`], [names.silentA, `${silent[0].url}/mcp`], [names.silentB, `${silent[1].url}/mcp`]]) {
    expect((await api.post("/api/mcp-servers", httpServer(name, { transport: { type: "http", url }, tags: [group] }))).status).toBe(201);
  }
  await seed.stop();
  instances = await Promise.all([startPatchbay({ databaseUrl, env }), startPatchbay({ databaseUrl, env })]);
});

afterAll(async () => {
  await Promise.all([...instances.map((instance) => instance.stop()), everything?.stop(), ...silent.map((peer) => peer.close())]);
});

describe("the health scheduler", () => {
  test("sweeps on its own every interval; a hung server costs its own timeout; sweeps never overlap", async () => {
    const api = apiClient(instances[0].baseUrl);
    const historyOf = async (name: string) => (await api.get(`/api/mcp-servers/${name}/health`)).body.history as any[];
    await waitUntil(async () => (await historyOf(names.silentB)).length >= 3, 40_000, "three sweeps recorded");

    const live = await historyOf(names.live);
    expect(live[0]).toMatchObject({ status: "healthy", ok: true });
    for (const name of [names.silentA, names.silentB]) {
      const [latest] = await historyOf(name);
      expect(latest).toMatchObject({ status: "unhealthy", reason: "timeout after 1500 ms" });
      // Not before its timeout; how much later depends on the machine's load, so no upper bound.
      expect(latest.latency_ms).toBeGreaterThanOrEqual(1_450);
    }

    // At concurrency 1, overlapping sweeps would show as probes that start before the previous one ended.
    const probes = (await Promise.all(Object.values(names).map(historyOf))).flat()
      .map((entry) => ({ start: Date.parse(entry.checked_at), latency: entry.latency_ms ?? 0 }))
      .sort((a, b) => a.start - b.start);
    for (let index = 1; index < probes.length; index++) {
      expect(probes[index].start).toBeGreaterThanOrEqual(probes[index - 1].start + probes[index - 1].latency - 5);
    }
    const logs = instances.map((instance) => instance.logs()).join("\n");
    expect(logs).toContain("health sweep skipped: the previous one is still running");

    const list = await api.get(`/api/mcp-servers?tags=${group}&health=healthy`);
    expect(list.body.mcp_servers.map((summary: { name: string }) => summary.name)).toEqual([names.live]);
  });

  test("of two instances on one database only the lease holder sweeps; the other takes over when it stops", async () => {
    const sweeping = instances.filter((instance) => sweepsBy(instance) > 0);
    expect(sweeping).toHaveLength(1);
    const [holder] = sweeping;
    const standby = instances.find((instance) => instance !== holder)!;

    await holder.stop();
    await waitUntil(() => sweepsBy(standby) > 0, 20_000, "the standby instance sweeps");
  });
});
