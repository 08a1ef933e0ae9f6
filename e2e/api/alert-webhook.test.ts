import http from "node:http";
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { freePort, startEverything, startHttpPeer, type EverythingServer, type Peer } from "../../lib/mcp/test-peers";
import { apiClient, httpServer, type ApiClient } from "../support/api-client";
import { OPEN_QUIET_ENV } from "../support/authed-patchbay";
import { openEventStream } from "../support/event-stream-client";
import { removeTempSqlite, startPatchbay, tempSqliteUrl, type PatchbayProcess } from "../support/patchbay-process";
import { waitUntil } from "../support/wait-until";

/**
 * PATCHBAY_ALERT_WEBHOOK (DESIGN §19, seeds 003 and 000): a receiver on 127.0.0.1 gets one JSON POST per change of a
 * server's health status and per DEGRADED negotiation, retried when it fails, never carrying a secret; a receiver
 * that fails or never answers holds up nothing else.
 */
type Received = { alert: any; text: string; contentType: string | undefined; response: http.ServerResponse };
type Answer = "ok" | "fail" | "hang";

/** Tries per alert (lib/health/alert-webhook.ts ALERT_ATTEMPTS). */
const ALERT_ATTEMPTS = 4;
const tag = randomUUID().slice(0, 8);
const SECRET = `alert-secret-${tag}`;
const received: Received[] = [];
/** How the receiver answers an alert about a server (by name); anything else is answered 204. */
const answers = new Map<string, Answer>();
let receiver: http.Server;
let receiverUrl: string;
let patchbay: PatchbayProcess;
let everything: EverythingServer;
let echo: Peer;
let api: ApiClient;

const alertsAbout = (server: string) => received.filter(({ alert }) => alert.server === server);

beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    let text = "";
    request.on("data", (chunk) => (text += chunk));
    request.on("end", () => {
      const alert = JSON.parse(text);
      received.push({ alert, text, contentType: request.headers["content-type"], response });
      const answer = answers.get(alert.server) ?? "ok";
      if (answer === "ok") response.writeHead(204).end();
      if (answer === "fail") response.writeHead(500).end("receiver down");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/${tag}`;
  // Answers 500 with the request's X-Api-Key in its body: a reason that quoted it unscrubbed would carry the secret.
  [everything, echo] = await Promise.all([
    startEverything("streamableHttp"),
    startHttpPeer((request, response) => response.writeHead(500, { "Content-Type": "text/plain" }).end(`key was ${request.headers["x-api-key"]}`)),
  ]);
  patchbay = await startPatchbay({ env: { ...OPEN_QUIET_ENV, PATCHBAY_ALERT_WEBHOOK: receiverUrl } });
  api = apiClient(patchbay.baseUrl);
  const secret = await api.put("/api/variables/ALERT_KEY", { secret: true, value: SECRET, scope: { hosts: ["127.0.0.1"] } });
  expect(secret.status, secret.text).toBeLessThan(300);
}, 120_000);

afterAll(async () => {
  for (const { response } of received) if (!response.writableEnded) response.writeHead(204).end();
  await patchbay?.stop();
  await Promise.all([everything?.stop(), echo?.close(), new Promise((resolve) => receiver?.close(resolve))]);
});

async function givenServer(name: string, url: string, extra: Record<string, unknown> = {}) {
  const created = await api.post("/api/mcp-servers", httpServer(name, { transport: { type: "http", url, headers: { "X-Api-Key": "${ALERT_KEY}" } }, ...extra }));
  expect(created.status, created.text).toBe(201);
}

async function check(name: string): Promise<string> {
  const checked = await api.post(`/api/mcp-servers/${name}/health-check`);
  expect(checked.status, checked.text).toBe(200);
  return checked.body.status;
}

describe("PATCHBAY_ALERT_WEBHOOK: health status changes", () => {
  test("one JSON POST per change of status, in order, none for an unchanged one, and no secret in any", async () => {
    const name = `changes-${tag}`;
    await givenServer(name, `http://127.0.0.1:${everything.port}/mcp`);

    expect(await check(name)).toBe("healthy");
    expect(await check(name)).toBe("healthy");
    expect((await api.patch(`/api/mcp-servers/${name}`, { transport: { url: `${echo.url}/mcp` } })).status).toBe(200);
    const down = await check(name);
    expect(down).not.toBe("healthy");
    await waitUntil(() => alertsAbout(name).length >= 2, 30_000, "two alerts");

    // Alerts leave one at a time in the order they happened: one for the unchanged check would have come between.
    expect(alertsAbout(name).map(({ alert }) => alert)).toEqual([
      { type: "health_changed", server: name, environment: "development", status: "healthy", previous: "unknown", reason: null, checked_at: expect.any(String) },
      { type: "health_changed", server: name, environment: "development", status: down, previous: "healthy", reason: expect.any(String), checked_at: expect.any(String) },
    ]);
    expect(alertsAbout(name).map(({ contentType }) => contentType)).toEqual(["application/json", "application/json"]);
    // The upstream did get the secret and answered with it; the alert carries neither it nor where the server is.
    const texts = alertsAbout(name).map(({ text }) => text).join("\n");
    expect(texts).not.toContain(SECRET);
    expect(texts).not.toContain(echo.url);
    expect(texts).not.toContain(String(everything.port));
  });

  test("a receiver answering 500 gets each alert 4 times, then no more; the probe answered regardless", async () => {
    const failing = `failing-${tag}`;
    const after = `after-failing-${tag}`;
    answers.set(failing, "fail");
    await givenServer(failing, `http://127.0.0.1:${await freePort()}/mcp`);
    await givenServer(after, `http://127.0.0.1:${everything.port}/mcp`);

    expect(await check(failing)).toBe("unhealthy");
    await waitUntil(() => alertsAbout(failing).length >= ALERT_ATTEMPTS, 30_000, "every try");
    // The next alert leaves only once the failing one was given up.
    expect(await check(after)).toBe("healthy");
    await waitUntil(() => alertsAbout(after).length >= 1, 30_000, "the next alert");

    expect(alertsAbout(failing).map(({ alert }) => [alert.status, alert.previous])).toEqual(Array(ALERT_ATTEMPTS).fill(["unhealthy", "unknown"]));
    expect(alertsAbout(after)).toHaveLength(1);
  });

  test("a receiver that never answers holds up neither probes nor the API, and the alert is not lost once it does", async () => {
    const hanging = `hanging-${tag}`;
    const other = `other-${tag}`;
    answers.set(hanging, "hang");
    await givenServer(hanging, `http://127.0.0.1:${await freePort()}/mcp`);
    await givenServer(other, `http://127.0.0.1:${everything.port}/mcp`);

    expect(await check(hanging)).toBe("unhealthy");
    // Had the probe waited on the webhook, it would have answered only after every try timed out.
    expect(alertsAbout(hanging).length).toBeLessThan(ALERT_ATTEMPTS);
    await waitUntil(() => alertsAbout(hanging).length >= 1, 30_000, "the alert reaching the receiver");
    const [waiting] = alertsAbout(hanging);

    // While that POST waits for an answer: probes, reads and negotiations are answered.
    expect(await check(other)).toBe("healthy");
    expect((await api.get(`/api/mcp-servers/${other}/health`)).status).toBe(200);
    expect((await api.post("/api/negotiate", { requires: [`nothing-${tag}`] })).status).toBe(200);
    expect(waiting.response.writableEnded).toBe(false);

    answers.set(hanging, "ok");
    waiting.response.writeHead(204).end();
    await waitUntil(() => alertsAbout(other).length >= 1, 30_000, "the alert queued behind it");
    expect(alertsAbout(other).map(({ alert }) => [alert.status, alert.previous])).toEqual([["healthy", "unknown"]]);
  });
});

describe("DEGRADED negotiations: event: briefing and the webhook (seed 000's AgentBriefingEvent)", () => {
  test("a DEGRADED negotiation is published on the event stream and to the webhook, names and statuses only; a BOUND one is not", async () => {
    const strings = { ok: `${tag}:search`, down: `${tag}:write`, none: `${tag}:radius_query` };
    const [live, dead] = [`provider-live-${tag}`, `provider-dead-${tag}`];
    await givenServer(live, `http://127.0.0.1:${everything.port}/mcp`, { provides: [strings.ok] });
    await givenServer(dead, `http://127.0.0.1:${await freePort()}/mcp`, { provides: [strings.down] });
    expect([await check(live), await check(dead)]).toEqual(["healthy", "unhealthy"]);

    const stream = await openEventStream(`${patchbay.baseUrl}/api/health/events`);
    try {
      const bound = await api.post("/api/negotiate", { requires: [strings.ok] });
      expect(bound.body.status).toBe("BOUND");
      const degraded = await api.post("/api/negotiate", { requires: [strings.ok, strings.down, strings.none] });
      expect(degraded.body.status).toBe("DEGRADED");
      // What the runner got holds the bound servers' configs, secret included; the briefing must not.
      expect(JSON.stringify(degraded.body)).toContain(`127.0.0.1:${everything.port}`);

      const expected = {
        type: "briefing", status: "DEGRADED", environment: "development",
        requires: [strings.ok, strings.down, strings.none], missing: [strings.none],
        bindings: { [strings.ok]: { server: live, health: "healthy" }, [strings.down]: { server: dead, health: "unhealthy" } },
        at: expect.any(String),
      };
      expect(await stream.waitFor((event) => event.event === "briefing", 30_000)).toEqual({ event: "briefing", ...expected });
      await waitUntil(() => received.some(({ alert }) => alert.type === "briefing" && alert.requires.includes(strings.ok)), 30_000, "the briefing alert");

      // The stream keeps order: a briefing of the BOUND negotiation would have come first.
      expect(stream.events.filter((event: any) => event.event === "briefing")).toHaveLength(1);
      const briefings = received.filter(({ alert }) => alert.type === "briefing" && alert.requires.includes(strings.ok));
      expect(briefings.map(({ alert }) => alert)).toEqual([expected]);
      for (const text of [briefings[0].text, JSON.stringify(stream.events)]) {
        expect(text).not.toContain(SECRET);
        expect(text).not.toContain(`127.0.0.1:${everything.port}`);
      }
    } finally {
      await stream.close();
    }
  });
});

describe("a restart", () => {
  test("an alert still owed when Patchbay stops is delivered by the next start on the same database, once", async () => {
    const databaseUrl = tempSqliteUrl("alerts-restart");
    const owed = `owed-${tag}`;
    const env = { ...OPEN_QUIET_ENV, PATCHBAY_ALERT_WEBHOOK: receiverUrl };
    let first: PatchbayProcess | undefined = await startPatchbay({ databaseUrl, env });
    let second: PatchbayProcess | undefined;
    try {
      answers.set(owed, "hang");
      const created = await apiClient(first.baseUrl).post("/api/mcp-servers", httpServer(owed, { transport: { type: "http", url: `http://127.0.0.1:${await freePort()}/mcp` } }));
      expect(created.status, created.text).toBe(201);
      expect((await apiClient(first.baseUrl).post(`/api/mcp-servers/${owed}/health-check`)).body.status).toBe("unhealthy");
      await waitUntil(() => alertsAbout(owed).length === 1, 30_000, "the first try reaching the receiver");

      // Stopped while the receiver holds the first try unanswered: the alert was not delivered.
      await first.stop();
      first = undefined;
      answers.set(owed, "ok");
      second = await startPatchbay({ databaseUrl, env });
      await waitUntil(() => alertsAbout(owed).length === 2, 60_000, "the owed alert after the restart");
      expect(alertsAbout(owed).map(({ alert }) => [alert.status, alert.previous])).toEqual([["unhealthy", "unknown"], ["unhealthy", "unknown"]]);

      // Alerts leave in order: once a later one arrived, the owed one is not sent a third time.
      const later = `later-${tag}`;
      const api2 = apiClient(second.baseUrl);
      expect((await api2.post("/api/mcp-servers", httpServer(later, { transport: { type: "http", url: `http://127.0.0.1:${everything.port}/mcp` } }))).status).toBe(201);
      expect((await api2.post(`/api/mcp-servers/${later}/health-check`)).body.status).toBe("healthy");
      await waitUntil(() => alertsAbout(later).length === 1, 30_000, "the later alert");
      expect(alertsAbout(owed)).toHaveLength(2);
    } finally {
      await first?.stop();
      await second?.stop();
      removeTempSqlite(databaseUrl);
    }
  }, 180_000);
});
