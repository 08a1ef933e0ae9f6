import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";

import { freePort } from "../../lib/mcp/test-peers";
import { apiClient, httpServer, uniqueName } from "../support/api-client";
import { startPatchbay, type PatchbayProcess } from "../support/patchbay-process";
import { freshDatabaseUrl, removeDatabase } from "../support/test-database";
import { waitUntil } from "../support/wait-until";

// Sweeps back to back (every second, 64 probes at a time) of servers whose port refuses at once: each probe
// ends in milliseconds and records its health, so the sweep writes to the database without pause.
const env = {
  PATCHBAY_AUTH: "off", PATCHBAY_SEED_DEMO: "false", PATCHBAY_HEALTH_INTERVAL_S: "1",
  PATCHBAY_HEALTH_CONCURRENCY: "64", PATCHBAY_HEALTH_TIMEOUT_MS: "2000", PATCHBAY_RATE_WRITES_PER_MIN: "1000000",
};
const SWEPT_SERVERS = 500;
const WRITERS = 8;
const WRITE_FOR_MS = 20_000;

let patchbay: PatchbayProcess;
let databaseUrl: string;
let api: ReturnType<typeof apiClient>;
const group = uniqueName("sweep-load");
const writers = Array.from({ length: WRITERS }, (_, index) => `${group}-writer-${index}`);

const importServers = (servers: unknown[], query = "") =>
  api.request("POST", `/api/import${query}`, { rawBody: JSON.stringify({ mcp_servers: servers }) });

beforeAll(async () => {
  databaseUrl = await freshDatabaseUrl("writes");
  patchbay = await startPatchbay({ databaseUrl, env });
  api = apiClient(patchbay.baseUrl);

  const refused = `http://127.0.0.1:${await freePort()}/mcp`;
  const servers = [...Array.from({ length: SWEPT_SERVERS }, (_, index) => `${group}-${index}`), ...writers]
    .map((name) => httpServer(name, { transport: { type: "http", url: refused } }));
  const imported = await importServers(servers);
  expect(imported.status, imported.text).toBe(200);
  expect(imported.body.created).toHaveLength(servers.length);
});

afterAll(async () => {
  await patchbay?.stop();
  if (databaseUrl) removeDatabase(databaseUrl);
});

describe("writes while the health sweep runs", () => {
  test(`${WRITERS} writers PATCH their own servers during back-to-back sweeps of ${SWEPT_SERVERS}: no 5xx, every 200 is stored`, async () => {
    const checkedAt = async (name: string) => (await api.get(`/api/mcp-servers/${name}/health`)).body.health?.checked_at;
    await waitUntil(async () => Boolean(await checkedAt(writers[WRITERS - 1])), 60_000, "a sweep recorded health");
    const firstCheck = await checkedAt(writers[0]);

    const until = Date.now() + WRITE_FOR_MS;
    const latencies: number[] = [];
    const results = await Promise.all(writers.map(async (name) => {
      const statuses: number[] = [];
      let lastStored: string | undefined;
      for (let count = 0; Date.now() < until; count++) {
        const description = `${name} write ${count}`;
        const startedAt = performance.now();
        const response = await api.patch(`/api/mcp-servers/${name}`, { description });
        latencies.push(performance.now() - startedAt);
        statuses.push(response.status);
        if (response.status === 200) lastStored = description;
      }
      return { name, statuses, lastStored };
    }));

    const statuses = results.flatMap((result) => result.statuses);
    const failures = statuses.filter((status) => status >= 500);
    latencies.sort((a, b) => a - b);
    const p99 = latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))];
    const sweptAgain = (await checkedAt(writers[0])) !== firstCheck;
    console.log(`writes under sweep: ${statuses.length} writes, ${failures.length} × 5xx, p99 ${Math.round(p99)} ms (swept again meanwhile: ${sweptAgain})`);

    expect(failures).toEqual([]);
    for (const { name, statuses: mine, lastStored } of results) {
      const stored = (await api.get(`/api/mcp-servers/${name}?raw=true`)).body.mcp_server;
      expect(stored.revision).toBe(mine.filter((status) => status === 200).length + 1);
      expect(stored.description).toBe(lastStored ?? `Test server ${name}`);
    }
  });

});

describe("a dry-run import", () => {
  // On the suite's shared instance (no sweep): what is proved here is the dry run's isolation alone.
  const shared = apiClient(inject("baseUrl"));
  const importServers = (servers: unknown[], query = "") =>
    shared.request("POST", `/api/import${query}`, { rawBody: JSON.stringify({ mcp_servers: servers }) });

  test("writes made while it is in flight survive its rollback; its rows are never visible to others", async () => {
    const dryRunNames = Array.from({ length: 3_000 }, (_, index) => `${group}-dry-${index}`);
    let isDryRunDone = false;
    const dryRun = importServers(dryRunNames.map((name) => httpServer(name)), "?dry_run=true").finally(() => (isDryRunDone = true));

    // Writers and readers keep going until the dry run has answered, so some of them overlap its transaction.
    const created: string[] = [];
    const minted: string[] = [];
    const seenDryRunRows: number[] = [];
    const loops = [
      async () => {
        for (let index = 0; index === 0 || !isDryRunDone; index++) {
          const name = `${group}-during-${index}`;
          expect((await shared.post("/api/mcp-servers", httpServer(name))).status).toBe(201);
          created.push(name);
        }
      },
      async () => {
        for (let index = 0; index === 0 || !isDryRunDone; index++) {
          const name = `${group}-token-${index}`;
          expect((await shared.post("/api/tokens", { name, role: "viewer" })).status).toBe(201);
          minted.push(name);
        }
      },
      async () => {
        for (let index = 0; index === 0 || !isDryRunDone; index++) {
          seenDryRunRows.push((await shared.get(`/api/mcp-servers/${dryRunNames[0]}`)).status);
        }
      },
    ];
    await Promise.all(loops.map((loop) => loop()));

    const report = await dryRun;
    expect(report.status, report.text).toBe(200);
    expect(report.body).toMatchObject({ dry_run: true, errors: [] });
    expect(report.body.created).toHaveLength(dryRunNames.length);
    console.log(`during the dry run: ${created.length} servers created, ${minted.length} tokens minted, ${seenDryRunRows.length} reads`);

    expect(seenDryRunRows.every((status) => status === 404)).toBe(true);
    expect((await shared.get(`/api/mcp-servers/${dryRunNames.at(-1)}`)).status).toBe(404);
    for (const name of created) expect((await shared.get(`/api/mcp-servers/${name}?raw=true`)).status).toBe(200);
    const tokens = (await shared.get("/api/tokens")).body.tokens.map((token: { name: string }) => token.name);
    expect(tokens).toEqual(expect.arrayContaining(minted));
  });
});
