import { afterAll, beforeAll, expect, test } from "vitest";

import { apiClient, httpServer, uniqueName } from "../support/api-client";
import { authorizationRequest, consent, exchangeCode, initializeGateway, registerClient, tokenRequest, type RegisteredClient } from "../support/gateway-oauth-client";
import { signInThroughProvider, startPatchbayWithSingleSignOn, type IdentityProvider } from "../support/identity-provider";

/**
 * DESIGN §18: a person who signed in with single sign-on allows an MCP client on the consent page; the client's
 * gateway tokens speak for that person while the person stands — their role from the provider's claim, their
 * standing from the provider (asked again at each request here, PATCHBAY_OIDC_RECHECK_S=0) — and stop when the
 * provider stops vouching for them, or when they sign out everywhere.
 */
const ADMIN_TOKEN = "pb_test_gateway_people_admin_0123456789";

let idp: IdentityProvider;
let base: string;
let stop: () => Promise<void>;
let agent: string;
let client: RegisteredClient;

beforeAll(async () => {
  ({ idp, base, stop } = await startPatchbayWithSingleSignOn({
    adminToken: ADMIN_TOKEN,
    accounts: {
      frank: { email: "frank@example.com", name: "Frank", groups: ["platform-eng"] },
      grace: { email: "grace@example.com", name: "Grace", groups: ["platform-eng"] },
      heidi: { email: "heidi@example.com", name: "Heidi", groups: ["platform-eng"] },
    },
  }));
  const admin = apiClient(base, { Authorization: `Bearer ${ADMIN_TOKEN}` });
  const server = uniqueName("people-server");
  agent = uniqueName("people-agent");
  expect((await admin.post("/api/mcp-servers", httpServer(server))).status).toBe(201);
  expect((await admin.post("/api/agents", { name: agent, description: "People", mcp_servers: { docs: server } })).status).toBe(201);
  client = await registerClient(base);
}, 120_000);

afterAll(async () => {
  await stop?.();
});

/** `login` signs in with single sign-on and allows the client for the agent's gateway; their browser and the client's tokens. */
async function personConnects(login: string) {
  const { jar } = await signInThroughProvider(`${base}/sign-in/oidc`, idp, { login });
  const authorization = authorizationRequest(base, client, { resource: `${base}/mcp/agents/${agent}` });
  const { page, redirect } = await consent(base, authorization, jar, "allow");
  const tokens = await exchangeCode(base, client, redirect!.searchParams.get("code")!, authorization.verifier);
  expect(tokens.status).toBe(200);
  return { jar, page, tokens: tokens.body as { access_token: string; refresh_token: string } };
}

test("a person allows a client as themselves: the consent page names them by email and role, and the token opens the gateway", async () => {
  const { page, tokens } = await personConnects("frank");
  expect(page.html).toContain("as <strong>frank@example.com</strong> (editor)");
  expect((await initializeGateway(`${base}/mcp/agents/${agent}`, tokens.access_token)).status).toBe(200);
});

test("when the provider no longer vouches for the person, their client's access token and refresh token stop", async () => {
  const { tokens } = await personConnects("grace");
  expect((await initializeGateway(`${base}/mcp/agents/${agent}`, tokens.access_token)).status).toBe(200);

  idp.accounts.delete("grace");
  expect((await initializeGateway(`${base}/mcp/agents/${agent}`, tokens.access_token)).status).toBe(401);
  const refresh = await tokenRequest(base, { grant_type: "refresh_token", refresh_token: tokens.refresh_token, client_id: client.clientId });
  expect(refresh.status).toBe(400);
  expect(refresh.body.error).toBe("invalid_grant");
});

test("a person who signs out everywhere signs their clients out too", async () => {
  const { jar, tokens } = await personConnects("heidi");
  expect((await initializeGateway(`${base}/mcp/agents/${agent}`, tokens.access_token)).status).toBe(200);
  const signedOut = await fetch(`${base}/api/session`, { method: "DELETE", headers: { cookie: jar.header(`${base}/`), Origin: base } });
  expect(signedOut.status).toBe(204);
  expect((await initializeGateway(`${base}/mcp/agents/${agent}`, tokens.access_token)).status).toBe(401);
});
