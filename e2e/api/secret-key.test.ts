import fs from "node:fs";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { apiClient, httpServer, uniqueName } from "../support/api-client";
import { consentAsBrowser, startAuthorizationServer, startProtectedMcpServer, type AuthorizationServer, type ProtectedMcpServer } from "../support/oauth-peers";
import { runPatchbayCli } from "../support/patchbay-cli";
import { removeTempSqlite, startPatchbay, tempSqliteUrl, type PatchbayProcess } from "../support/patchbay-process";
import { freePort } from "../../lib/mcp/test-peers";

/** DESIGN §10 on the embedded default: the key file, values sealed at rest, and rotate-key under a running server. */
const SECRET = `sealed-at-rest-${uniqueName("s")}`;
let patchbay: PatchbayProcess;
/** The instance is restarted on its database and port after the rotation (a running one still holds the old key). */
const databaseUrl = tempSqliteUrl("secret-key");
let port: number;
/** No scheduler: the first probe after the restart is the test's. */
const ENV = { PATCHBAY_AUTH: "off", PATCHBAY_SEED_DEMO: "false", PATCHBAY_HEALTH_INTERVAL_S: "0" };
let as: AuthorizationServer;
let mcp: ProtectedMcpServer;
/** A second authorization, started before the rotation and finished after it: its sealed flow must move too. */
let pendingCallback: URL;
const api = () => apiClient(patchbay.baseUrl);
const databaseFile = () => patchbay.databaseUrl.replace(/^file:/, "");
const keyFile = () => path.join(path.dirname(databaseFile()), "patchbay.key");

beforeAll(async () => {
  mcp = await startProtectedMcpServer(() => as.issuer, "http://127.0.0.1:9");
  as = await startAuthorizationServer({ resource: () => mcp.url, accessTokenTtlS: 3600 });
  port = await freePort();
  patchbay = await startPatchbay({ databaseUrl, port, env: ENV });
  const created = await api().put("/api/variables/AT_REST_TOKEN", { secret: true, value: SECRET, scope: { servers: ["at-rest"] } });
  expect(created.status).toBe(201);
  await api().post("/api/mcp-servers", { name: "at-rest", description: "uses the secret", transport: { type: "stdio", command: "run", env: { TOKEN: "${AT_REST_TOKEN}" } } });
  await api().post("/api/agents", { name: "at-rest-agent", description: "x", mcp_servers: ["at-rest"] });

  // An upstream OAuth connection (DESIGN §17), its tokens sealed with the key, and one authorization left pending.
  expect((await api().post("/api/mcp-servers", httpServer("at-rest-oauth", { transport: { type: "http", url: mcp.url }, auth: { type: "oauth" } }))).status).toBe(201);
  const connected = await consentAsBrowser((await api().post("/api/mcp-servers/at-rest-oauth/oauth/connect", {})).body.authorization_url, patchbay.baseUrl);
  expect((await fetch(connected.url, { redirect: "manual" })).headers.get("location")).toContain("oauth=connected");
  pendingCallback = (await consentAsBrowser((await api().post("/api/mcp-servers/at-rest-oauth/oauth/connect", {})).body.authorization_url, patchbay.baseUrl)).url;
}, 60_000);

afterAll(async () => {
  await patchbay?.stop();
  removeTempSqlite(databaseUrl);
  await mcp?.stop();
  await as?.stop();
});

describe("secret key on the embedded default", () => {
  test("the first start creates a key file beside the database, readable by its owner only, and says so", () => {
    expect(fs.statSync(keyFile()).mode & 0o777).toBe(0o600);
    expect(patchbay.logs()).toContain(`created the secret key ${keyFile()}`);
  });

  test("the database file and its WAL never hold the secret in clear", () => {
    for (const file of [databaseFile(), `${databaseFile()}-wal`].filter((candidate) => fs.existsSync(candidate))) {
      expect(fs.readFileSync(file).includes(Buffer.from(SECRET))).toBe(false);
    }
  });

  test("rotate-key re-seals every secret; the running server opens them with the new key file", async () => {
    const before = fs.readFileSync(keyFile(), "utf8");
    const cli = await runPatchbayCli(["secrets", "rotate-key"], { DATABASE_URL: patchbay.databaseUrl });
    expect(cli.status, cli.stderr).toBe(0);
    expect(cli.stdout).toMatch(/Re-sealed 1 secret\(s\) under key [0-9a-f]{8} \(was [0-9a-f]{8}\), with 1 OAuth connection\(s\), 1 pending authorization\(s\) and 0 single sign-on session\(s\)\./);
    expect(cli.stdout + cli.stderr).not.toContain(SECRET);
    expect(fs.readFileSync(keyFile(), "utf8")).not.toBe(before);
    expect(fs.statSync(keyFile()).mode & 0o777).toBe(0o600);

    const blueprint = await api().get("/api/agents/at-rest-agent");
    expect(blueprint.body.agent.mcp_servers["at-rest"].env).toEqual({ TOKEN: SECRET });
    const audit = await api().get("/api/audit?action=secrets.rotate-key");
    expect(audit.body.entries).toHaveLength(1);
    expect(audit.text).not.toContain(SECRET);
  });

  test("rotate-key re-seals the OAuth connection's tokens and the pending authorization: after a restart with only the new key, the server still gets its token", async () => {
    await patchbay.stop();
    patchbay = await startPatchbay({ databaseUrl, port, env: ENV });

    const tested = await api().post("/api/mcp-servers/at-rest-oauth/test", {});
    expect(tested.body).toMatchObject({ status: "healthy", tool_count: 2 });
    expect(mcp.accepted.at(-1)).toBe(as.accessTokens.at(-1));

    const finished = await fetch(pendingCallback, { redirect: "manual" });
    expect(finished.status).toBe(303);
    expect(finished.headers.get("location")).toBe("/mcp-servers/at-rest-oauth?environment=development&oauth=connected");
    expect((await api().get("/api/mcp-servers/at-rest-oauth/oauth")).body.connections[0]).toMatchObject({ status: "connected", reason: null });
    for (const token of [...as.accessTokens, ...as.refreshTokens]) expect(patchbay.logs()).not.toContain(token);
  });
});
