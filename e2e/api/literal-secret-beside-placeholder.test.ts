import http from "node:http";
import type { AddressInfo } from "node:net";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { apiClient } from "../support/api-client";
import { ONE_PER_ROLE, useAuthedPatchbay } from "../support/authed-patchbay";

/**
 * DESIGN §7, §14, the audit's repro replayed: a literal secret typed next to a placeholder (`${TENANT}-sk-live-…`,
 * TENANT a non-secret variable) is a literal secret like any other — validate warns, it is masked
 * to viewers and editors in `?raw=true`, revisions, exports and the official registry's view, a probe's reason
 * shows the upstream's echo with its literal part masked, the dashboard page shows none of it, and it does not
 * follow the server to another host. It used to pass for a placeholder as soon as it held one.
 */
const ADMIN_TOKEN = "pb_literal_beside_placeholder_admin_0123";
const LITERAL = "sk-live-LITERALMIX-333";
const STORED = `\${TENANT}-${LITERAL}`;
const SENT = `acme-${LITERAL}`;
const SERVER = "s2";

const patchbay = useAuthedPatchbay({ adminToken: ADMIN_TOKEN, group: "literal-mix", users: ONE_PER_ROLE });
/** A loopback endpoint, no MCP server, that answers 500 echoing the X-Api-Key it was sent, as a careless upstream would. */
let peer: { url: string; received: string[]; server: http.Server };
let created: { status: number; body: Record<string, any> };

beforeAll(async () => {
  const received: string[] = [];
  const server = http.createServer((request, response) => {
    const key = String(request.headers["x-api-key"]);
    received.push(key);
    request.resume();
    request.on("end", () => response.writeHead(500, { "Content-Type": "text/plain" }).end(`upstream refused ${JSON.stringify({ "x-api-key": key })}`));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  peer = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`, received, server };
  expect((await patchbay.admin.put("/api/variables/TENANT", { value: "acme" })).status).toBe(201);
  const response = await patchbay.as.editor.post("/api/mcp-servers", {
    name: SERVER, description: "d", transport: { type: "http", url: peer.url, headers: { "X-Api-Key": STORED } },
  });
  created = { status: response.status, body: response.body };
});

afterAll(async () => {
  peer?.server.closeAllConnections();
  await new Promise((resolve) => peer?.server.close(resolve));
});

const WARNING = { path: "/transport/headers/X-Api-Key", message: "'X-Api-Key' looks like a literal secret; store it as a ${VAR} placeholder so it stays out of the registry" };

describe("a literal secret beside a placeholder (DESIGN §7)", () => {
  test("the create stores it (the editor's answer masks it); validate warns about it, as about any literal secret", async () => {
    // DESIGN §7: validate and the edit form warn; a write's answer warns of what would not resolve, as for any literal.
    expect(created.status).toBe(201);
    expect(created.body.mcp_server.transport.headers).toEqual({ "X-Api-Key": "••••" });

    const validated = await patchbay.as.editor.post(`/api/mcp-servers/${SERVER}/validate`, {});
    expect(validated.status).toBe(200);
    expect(validated.body.warnings).toEqual([WARNING]);
    expect(validated.body.resolved_config.headers).toEqual({ "X-Api-Key": "••••" });
    expect(validated.text).not.toContain(LITERAL);
  });

  test("control: an admin reads it as stored", async () => {
    const raw = await patchbay.admin.get(`/api/mcp-servers/${SERVER}?raw=true`);
    expect(raw.body.mcp_server.transport.headers).toEqual({ "X-Api-Key": STORED });
  });

  test("a viewer reads it masked: resolved, ?raw=true, revision 1, the official registry's latest version", async () => {
    const viewer = patchbay.as.viewer;
    const resolved = await viewer.get(`/api/mcp-servers/${SERVER}`);
    const raw = await viewer.get(`/api/mcp-servers/${SERVER}?raw=true`);
    const revision = await viewer.get(`/api/mcp-servers/${SERVER}/revisions/1`);
    const official = await viewer.get(`/v0.1/servers/${encodeURIComponent(`dev.patchbay/${SERVER}`)}/versions/latest`);

    expect([resolved.status, raw.status, revision.status, official.status]).toEqual([200, 200, 200, 200]);
    expect(resolved.body.mcp_server.transport.headers).toEqual({ "X-Api-Key": "••••" });
    expect(raw.body.mcp_server.transport).toEqual({ type: "http", url: peer.url, headers: { "X-Api-Key": "••••" } });
    expect(revision.body.revision.snapshot.transport).toEqual({ type: "http", url: peer.url, headers: { "X-Api-Key": "••••" } });
    expect(official.body.server.remotes).toEqual([{ type: "streamable-http", url: peer.url, headers: [{ name: "X-Api-Key", value: "••••", isRequired: true, isSecret: true }] }]);
    for (const response of [resolved, raw, revision, official]) {
      expect(response.text).not.toContain(LITERAL);
      expect(response.text).not.toContain(STORED);
    }
  });

  test("an editor's export masks it", async () => {
    const exported = await patchbay.as.editor.get("/api/export");

    expect(exported.status).toBe(200);
    expect(exported.body.mcp_servers.find((server: { name: string }) => server.name === SERVER).transport.headers).toEqual({ "X-Api-Key": "••••" });
    expect(exported.text).not.toContain(LITERAL);
  });

  test("after a test connection against a peer that echoes headers, the viewer's health reason masks the literal part", async () => {
    const tested = await patchbay.as.editor.post(`/api/mcp-servers/${SERVER}/test`, {});
    expect(tested.status).toBe(200);
    // Control: the peer did receive the value, filled in — and echoed it.
    expect(new Set(peer.received)).toEqual(new Set([SENT]));

    const health = await patchbay.as.viewer.get(`/api/mcp-servers/${SERVER}/health`);

    expect(health.status).toBe(200);
    expect(health.body.health).toMatchObject({ status: "unhealthy", reason: 'HTTP 500 Internal Server Error: upstream refused {"x-api-key":"acme••••"}' });
    expect(health.text).not.toContain(LITERAL);
    expect(tested.body.reason).toBe(health.body.health.reason);
    expect(tested.text).not.toContain(LITERAL);
  });

  test("the viewer's dashboard page of the server shows none of it", async () => {
    const signedIn = await apiClient(patchbay.process.baseUrl).post("/api/session", { token: patchbay.tokens.viewer });
    expect(signedIn.status).toBe(200);
    const cookie = (signedIn.headers.get("set-cookie") ?? "").split(";")[0]!;

    const page = await fetch(`${patchbay.process.baseUrl}/mcp-servers/${SERVER}`, { headers: { Accept: "text/html", Cookie: cookie }, redirect: "manual" });
    const html = await page.text();

    expect(page.status).toBe(200);
    expect(html).toContain("acme••••");
    expect(html).not.toContain(LITERAL);
  });
});

describe("a literal secret beside a placeholder stays where it was written (DESIGN §14)", () => {
  test("moving the URL to another host while keeping it → 409 secret-destination-changed naming headers.X-Api-Key", async () => {
    const moved = await patchbay.as.editor.patch(`/api/mcp-servers/${SERVER}`, { transport: { url: "http://127.0.0.1:9/mcp" } });

    expect(moved.status).toBe(409);
    expect(moved.body).toMatchObject({ type: expect.stringMatching(/secret-destination-changed$/), status: 409, keys: ["headers.X-Api-Key"] });
    expect(moved.text).not.toContain(LITERAL);
    expect((await patchbay.admin.get(`/api/mcp-servers/${SERVER}?raw=true`)).body.mcp_server.transport.url).toBe(peer.url);
  });
});
