import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { apiClient, httpServer, uniqueName } from "../support/api-client";
import { authorizationRequest, consent, exchangeCode, initializeGateway, registerClient, signedInJar, tokenRequest, type RegisteredClient } from "../support/gateway-oauth-client";
import { startPatchbay, type PatchbayProcess } from "../support/patchbay-process";

/**
 * Issue #29, DESIGN §18: GET /api/oauth/clients lists the MCP clients a person allowed on the consent page — their
 * own, never a token — and DELETE /api/oauth/clients/:grant_id revokes one: the grant and every token issued under
 * it stop at once, at the gateway and at the token endpoint. Nobody sees or revokes another account's clients.
 */
const ADMIN_TOKEN = "pb_test_connected_clients_admin_0123456789";
const ISO_SECONDS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/;

let patchbay: PatchbayProcess;
let base: string;
let agent: string;
let otherAgent: string;

const admin = () => apiClient(base, { Authorization: `Bearer ${ADMIN_TOKEN}` });
const gatewayUrl = (name: string) => `${base}/mcp/agents/${name}`;
const as = (token: string) => apiClient(base, { Authorization: `Bearer ${token}` });

async function mint(role: "runner" | "viewer") {
  const minted = await admin().post("/api/tokens", { name: uniqueName(`clients-${role}`), role });
  expect(minted.status).toBe(201);
  return minted.body as { id: string; token: string; name: string };
}

/** The person signed in with `token` allows `client` for `resource` on the consent page; the client exchanges the code. */
async function connect(token: string, client: RegisteredClient, resource: string) {
  const authorization = authorizationRequest(base, client, { resource });
  const { redirect } = await consent(base, authorization, await signedInJar(base, token), "allow");
  const tokens = await exchangeCode(base, client, redirect!.searchParams.get("code")!, authorization.verifier);
  expect(tokens.status).toBe(200);
  return tokens.body as { access_token: string; refresh_token: string };
}

/** Whole seconds, as oidc-provider stamps a grant's `iat`. */
const floorToSecond = (at: number) => Math.floor(at / 1000) * 1000;

beforeAll(async () => {
  patchbay = await startPatchbay({ env: { PATCHBAY_AUTH: "on", PATCHBAY_ADMIN_TOKEN: ADMIN_TOKEN, PATCHBAY_SEED_DEMO: "false" } });
  base = patchbay.baseUrl;
  const server = uniqueName("clients-server");
  agent = uniqueName("clients-agent");
  otherAgent = uniqueName("clients-other");
  expect((await admin().post("/api/mcp-servers", httpServer(server))).status).toBe(201);
  for (const name of [agent, otherAgent]) expect((await admin().post("/api/agents", { name, description: "Connected clients", mcp_servers: { docs: server } })).status).toBe(201);
}, 120_000);

afterAll(async () => {
  await patchbay?.stop();
});

describe("GET /api/oauth/clients", () => {
  test("lists exactly the clients the caller allowed, newest first, with their gateways and never a token; another runner's list does not show them", async () => {
    const owner = await mint("runner");
    const stranger = await mint("runner");
    const editorClient = await registerClient(base, { client_name: "Connected editor" });
    const cliClient = await registerClient(base, { client_name: "Connected CLI" });

    const before = floorToSecond(Date.now());
    const first = await connect(owner.token, editorClient, gatewayUrl(agent));
    const second = await connect(owner.token, cliClient, gatewayUrl(otherAgent));
    const after = Date.now();

    const listed = await as(owner.token).get("/api/oauth/clients");
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({
      clients: [
        { grant_id: expect.any(String), client_id: cliClient.clientId, client_name: "Connected CLI", known_by: "self-registered", gateways: [gatewayUrl(otherAgent)], granted_at: expect.stringMatching(ISO_SECONDS), expires_at: expect.any(String), last_used_at: expect.stringMatching(ISO_SECONDS) },
        { grant_id: expect.any(String), client_id: editorClient.clientId, client_name: "Connected editor", known_by: "self-registered", gateways: [gatewayUrl(agent)], granted_at: expect.stringMatching(ISO_SECONDS), expires_at: expect.any(String), last_used_at: expect.stringMatching(ISO_SECONDS) },
      ],
    });
    for (const client of listed.body.clients) {
      const grantedAt = Date.parse(client.granted_at);
      expect(grantedAt).toBeGreaterThanOrEqual(before);
      expect(grantedAt).toBeLessThanOrEqual(after);
      expect(Date.parse(client.last_used_at)).toBeGreaterThanOrEqual(grantedAt);
      // A grant lives as long as a dashboard session (PATCHBAY_SESSION_HOURS).
      expect(Date.parse(client.expires_at)).toBeGreaterThan(after);
    }
    for (const secret of [first.access_token, first.refresh_token, second.access_token, second.refresh_token]) expect(listed.text).not.toContain(secret);

    expect((await as(stranger.token).get("/api/oauth/clients")).body).toEqual({ clients: [] });
  });

  test("a viewer, who uses no gateway, has an empty list", async () => {
    const viewer = await mint("viewer");
    const listed = await as(viewer.token).get("/api/oauth/clients");
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({ clients: [] });
  });
});

describe("DELETE /api/oauth/clients/:grant_id", () => {
  test("another runner's DELETE is 404 and changes nothing; the owner's is 204 and the client's access and refresh tokens stop at once, its other clients untouched", async () => {
    const owner = await mint("runner");
    const stranger = await mint("runner");
    const revokedClient = await registerClient(base, { client_name: "Revoked client" });
    const keptClient = await registerClient(base, { client_name: "Kept client" });
    const revoked = await connect(owner.token, revokedClient, gatewayUrl(agent));
    const kept = await connect(owner.token, keptClient, gatewayUrl(agent));
    const listed = (await as(owner.token).get("/api/oauth/clients")).body.clients as { grant_id: string; client_id: string }[];
    expect(listed.map((client) => client.client_id)).toEqual([keptClient.clientId, revokedClient.clientId]);
    const grantId = listed[1].grant_id;

    const refused = await as(stranger.token).delete(`/api/oauth/clients/${encodeURIComponent(grantId)}`);
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ type: "https://patchbay.dev/problems/not-found", title: "Not found", status: 404, detail: "You have no connected MCP client with this id." });
    expect((await as(owner.token).get("/api/oauth/clients")).body.clients).toEqual(listed);
    expect((await initializeGateway(gatewayUrl(agent), revoked.access_token)).status).toBe(200);

    const deleted = await as(owner.token).delete(`/api/oauth/clients/${encodeURIComponent(grantId)}`);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe("");

    const atGateway = await initializeGateway(gatewayUrl(agent), revoked.access_token);
    expect(atGateway.status).toBe(401);
    expect(atGateway.headers.get("www-authenticate")).toContain('error="invalid_token"');
    const refresh = await tokenRequest(base, { grant_type: "refresh_token", refresh_token: revoked.refresh_token, client_id: revokedClient.clientId });
    expect(refresh.status).toBe(400);
    expect(refresh.body.error).toBe("invalid_grant");

    expect((await as(owner.token).get("/api/oauth/clients")).body.clients).toEqual([listed[0]]);
    expect((await initializeGateway(gatewayUrl(agent), kept.access_token)).status).toBe(200);
    const keptRefresh = await tokenRequest(base, { grant_type: "refresh_token", refresh_token: kept.refresh_token, client_id: keptClient.clientId });
    expect(keptRefresh.status).toBe(200);

    expect((await as(owner.token).delete(`/api/oauth/clients/${encodeURIComponent(grantId)}`)).status).toBe(404);
  });

  test("the only client revoked, the list is empty; the audit log names who revoked which client, with no token and no grant id", async () => {
    const owner = await mint("runner");
    const clientName = uniqueName("Audited client");
    const client = await registerClient(base, { client_name: clientName });
    const tokens = await connect(owner.token, client, gatewayUrl(otherAgent));
    const [{ grant_id: grantId }] = (await as(owner.token).get("/api/oauth/clients")).body.clients;

    expect((await as(owner.token).delete(`/api/oauth/clients/${encodeURIComponent(grantId)}`)).status).toBe(204);
    expect((await as(owner.token).get("/api/oauth/clients")).body).toEqual({ clients: [] });

    const audit = await admin().get(`/api/audit?action=mcp-client.revoke&actor=${encodeURIComponent(owner.name)}`);
    expect(audit.status).toBe(200);
    expect(audit.body.entries).toEqual([{
      id: expect.any(Number), kind: "event", entity_type: "mcp-client", name: clientName, revision: null, action: "mcp-client.revoke", actor: owner.name, at: expect.any(String),
      detail: { client_address: "127.0.0.1", client_id: client.clientId, known_by: "self-registered", gateways: [gatewayUrl(otherAgent)] },
    }]);
    for (const secret of [tokens.access_token, tokens.refresh_token, grantId]) expect(audit.text).not.toContain(secret);
  });

  test("an unknown id is 404, as another account's", async () => {
    const owner = await mint("runner");
    const answer = await as(owner.token).delete("/api/oauth/clients/no-such-grant");
    expect(answer.status).toBe(404);
    expect(answer.body.detail).toBe("You have no connected MCP client with this id.");
  });
});
