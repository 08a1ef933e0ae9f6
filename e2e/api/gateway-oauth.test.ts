import fs from "node:fs";
import https from "node:https";
import os from "node:os";
import path from "node:path";

import selfsigned from "selfsigned";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { apiClient, httpServer, uniqueName } from "../support/api-client";
import { authorizationRequest, browse, consent, exchangeCode, initializeGateway, REDIRECT_URI, registerClient, signedInJar, tokenRequest, type RegisteredClient } from "../support/gateway-oauth-client";
import { CookieJar } from "../support/identity-provider";
import { startPatchbay, type PatchbayProcess } from "../support/patchbay-process";

/**
 * DESIGN §18: the gateways are OAuth 2.1 protected resources with Patchbay's own authorization server (oidc-provider).
 * An MCP client registers, sends the person through Patchbay's consent page, and gets a token for one gateway URL:
 * refused by every other gateway and by the REST API; refresh tokens rotate; revocation and a revoked Patchbay
 * token end it. Each attack the RFCs name is tried and refused.
 */
const ADMIN_TOKEN = "pb_test_gateway_oauth_admin_0123456789";

let patchbay: PatchbayProcess;
let base: string;
let agent: string;
let otherAgent: string;
let capability: string;
let client: RegisteredClient;

const admin = () => apiClient(base, { Authorization: `Bearer ${ADMIN_TOKEN}` });
const gatewayUrl = (name: string, kind = "agents") => `${base}/mcp/${kind}/${name}`;

async function mint(role: "runner" | "editor" | "viewer") {
  const minted = await admin().post("/api/tokens", { name: uniqueName(`oauth-${role}`), role });
  expect(minted.status).toBe(201);
  return minted.body as { id: string; token: string; name: string };
}

/** A person signed in with `token` allows `client` for `resource`; returns the code exchange's answer. */
async function connect(token: string, resource = gatewayUrl(agent)) {
  const authorization = authorizationRequest(base, client, { resource });
  const { redirect } = await consent(base, authorization, await signedInJar(base, token), "allow");
  expect(redirect?.searchParams.get("state")).toBe(authorization.state);
  expect(redirect?.searchParams.get("iss")).toBe(base);
  const code = redirect!.searchParams.get("code")!;
  const tokens = await exchangeCode(base, client, code, authorization.verifier);
  expect(tokens.status).toBe(200);
  return { ...tokens.body, code, authorization };
}

/** An https server on 127.0.0.1 (a self-signed certificate Patchbay is told to trust) serving what `documents` holds by path. */
const documents = new Map<string, { type: string; body: string }>();
let documentServer: https.Server;
let documentOrigin: string;
let certificateDir: string;

async function startDocumentServer(): Promise<string> {
  const { private: key, cert } = await selfsigned.generate([{ name: "commonName", value: "127.0.0.1" }], { extensions: [{ name: "subjectAltName", altNames: [{ type: 7, ip: "127.0.0.1" }] }] });
  certificateDir = fs.mkdtempSync(path.join(os.tmpdir(), "patchbay-cimd-"));
  fs.writeFileSync(path.join(certificateDir, "ca.pem"), cert);
  documentServer = https.createServer({ key, cert }, (request, response) => {
    const document = documents.get(request.url ?? "");
    if (!document) return void response.writeHead(404).end();
    response.writeHead(200, { "Content-Type": document.type }).end(document.body);
  });
  await new Promise<void>((resolve) => documentServer.listen(0, "127.0.0.1", resolve));
  documentOrigin = `https://127.0.0.1:${(documentServer.address() as { port: number }).port}`;
  return path.join(certificateDir, "ca.pem");
}

beforeAll(async () => {
  const trusted = await startDocumentServer();
  patchbay = await startPatchbay({ env: { PATCHBAY_AUTH: "on", PATCHBAY_ADMIN_TOKEN: ADMIN_TOKEN, PATCHBAY_SEED_DEMO: "false", NODE_EXTRA_CA_CERTS: trusted } });
  base = patchbay.baseUrl;
  const server = uniqueName("oauth-server");
  agent = uniqueName("oauth-agent");
  otherAgent = uniqueName("oauth-other");
  capability = uniqueName("oauth-capability");
  expect((await admin().post("/api/mcp-servers", httpServer(server))).status).toBe(201);
  for (const name of [agent, otherAgent]) expect((await admin().post("/api/agents", { name, description: "OAuth", mcp_servers: { docs: server } })).status).toBe(201);
  expect((await admin().post("/api/capabilities", { name: capability, description: "OAuth", mcp_servers: { docs: server } })).status).toBe(201);
  client = await registerClient(base);
}, 120_000);

afterAll(async () => {
  await patchbay?.stop();
  documentServer?.closeAllConnections();
  await new Promise((resolve) => documentServer?.close(resolve));
  if (certificateDir) fs.rmSync(certificateDir, { recursive: true, force: true });
});

describe("discovery", () => {
  test("a gateway without a credential answers 401 naming its protected-resource metadata, which names Patchbay's authorization server", async () => {
    const answer = await fetch(gatewayUrl(agent), { method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" }, body: "{}" });
    expect(answer.status).toBe(401);
    expect(answer.headers.get("www-authenticate")).toBe(`Bearer resource_metadata="${base}/.well-known/oauth-protected-resource/mcp/agents/${agent}", scope="mcp"`);

    const metadata = await (await fetch(`${base}/.well-known/oauth-protected-resource/mcp/agents/${agent}`)).json();
    expect(metadata).toEqual({ resource: gatewayUrl(agent), authorization_servers: [base], scopes_supported: ["mcp"], bearer_methods_supported: ["header"], resource_name: `Patchbay agent ${agent}` });
    const capabilityMetadata = await (await fetch(`${base}/.well-known/oauth-protected-resource/mcp/capabilities/${capability}`)).json();
    expect(capabilityMetadata.resource).toBe(gatewayUrl(capability, "capabilities"));
  });

  test("RFC 8414 metadata: the issuer is Patchbay's URL; code with PKCE S256 only; registration, revocation and Client ID Metadata Documents", async () => {
    const answer = await fetch(`${base}/.well-known/oauth-authorization-server`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toContain("application/json");
    const metadata = await answer.json();
    expect(metadata).toMatchObject({
      issuer: base,
      authorization_endpoint: `${base}/oauth/authorize`,
      token_endpoint: `${base}/oauth/token`,
      registration_endpoint: `${base}/oauth/register`,
      revocation_endpoint: `${base}/oauth/revoke`,
      response_types_supported: ["code"],
      code_challenge_methods_supported: ["S256"],
      grant_types_supported: ["authorization_code", "refresh_token"],
      client_id_metadata_document_supported: true,
      authorization_response_iss_parameter_supported: true,
    });
    expect(await (await fetch(`${base}/.well-known/openid-configuration`)).json()).toEqual(metadata);
  });
});

describe("a client signs a person in to one gateway", () => {
  test("consent names the client, the agent and the person; the token opens that gateway, as that person", async () => {
    const runner = await mint("runner");
    const authorization = authorizationRequest(base, client, { resource: gatewayUrl(agent) });
    const { page, redirect } = await consent(base, authorization, await signedInJar(base, runner.token), "allow");
    expect(page.html).toContain("Allow <span class=\"client\">Test MCP client</span> to use Patchbay as you?");
    expect(page.html).toContain(`the agent <strong>${agent}</strong>`);
    expect(page.html).toContain(`as <strong>${runner.name}</strong> (runner)`);
    expect(page.html).toContain("It registered itself with this name: Patchbay has not checked who made it.");
    expect(redirect!.origin + redirect!.pathname).toBe(REDIRECT_URI);

    const tokens = await exchangeCode(base, client, redirect!.searchParams.get("code")!, authorization.verifier);
    expect(tokens.status).toBe(200);
    expect(tokens.body).toMatchObject({ token_type: "Bearer", scope: "mcp", expires_in: 600 });
    expect(tokens.body.refresh_token).toEqual(expect.any(String));

    const initialized = await initializeGateway(gatewayUrl(agent), tokens.body.access_token);
    expect(initialized.status).toBe(200);
    expect(await initialized.text()).toContain(`"serverInfo":{"name":"patchbay/${agent}"`);
  });

  test("a token for one agent's gateway is refused by another agent's, by a capability's and by the REST API", async () => {
    const { access_token: accessToken } = await connect((await mint("runner")).token);
    for (const url of [gatewayUrl(otherAgent), gatewayUrl(capability, "capabilities")]) {
      const refused = await initializeGateway(url, accessToken);
      expect(refused.status).toBe(401);
      expect(refused.headers.get("www-authenticate")).toContain('error="invalid_token"');
    }
    for (const path of ["/api/mcp-servers", "/api/session", `/api/agents/${agent}`]) {
      expect((await apiClient(base, { Authorization: `Bearer ${accessToken}` }).get(path)).status).toBe(401);
    }
  });

  test("an editor person may use gateways; a viewer is told so on the consent page and the client gets access_denied", async () => {
    expect((await initializeGateway(gatewayUrl(agent), (await connect((await mint("editor")).token)).access_token)).status).toBe(200);

    const viewer = await mint("viewer");
    const authorization = authorizationRequest(base, client, { resource: gatewayUrl(agent) });
    const { page, redirect } = await consent(base, authorization, await signedInJar(base, viewer.token), "allow");
    expect(page.html).toContain("Your role (viewer) does not use these gateways");
    expect(page.html).not.toContain('value="allow"');
    expect(redirect?.searchParams.get("error")).toBe("access_denied");
    expect(redirect?.searchParams.get("code")).toBeNull();
  });

  test("deny sends the client access_denied and no code; allowing and denying are in the audit log under the person", async () => {
    const runner = await mint("runner");
    const authorization = authorizationRequest(base, client, { resource: gatewayUrl(agent) });
    const { redirect } = await consent(base, authorization, await signedInJar(base, runner.token), "deny");
    expect(redirect?.searchParams.get("error")).toBe("access_denied");
    expect(redirect?.searchParams.get("code")).toBeNull();
    await connect(runner.token);

    const audit = await admin().get(`/api/audit?actor=${runner.name}`);
    const decisions = audit.body.entries.filter((entry: { entity_type: string }) => entry.entity_type === "mcp-client");
    expect(decisions.map((entry: { action: string; name: string }) => [entry.action, entry.name])).toEqual([["mcp-client.allow", "Test MCP client"], ["mcp-client.deny", "Test MCP client"]]);
    expect(decisions[1].detail).toEqual({ client_address: expect.any(String), client_id: client.clientId, gateways: [gatewayUrl(agent)], reason: "denied" });
  });

  test("a browser without a Patchbay session is sent to sign in first, and comes back to the consent page", async () => {
    const authorization = authorizationRequest(base, client, { resource: gatewayUrl(agent) });
    const answer = await browse(authorization.url, new CookieJar(), REDIRECT_URI);
    expect(answer.status).toBe(200);
    expect(answer.url).toMatch(new RegExp(`^${base}/sign-in\\?next=%2Foauth%2Fconsent%2F[\\w-]+$`));
  });
});

describe("tokens: lifetime, rotation, revocation", () => {
  test("a refresh token is rotated at each use; the old one is refused (invalid_grant)", async () => {
    const first = await connect((await mint("runner")).token);
    const refreshed = await tokenRequest(base, { grant_type: "refresh_token", refresh_token: first.refresh_token, client_id: client.clientId });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).not.toBe(first.refresh_token);
    expect((await initializeGateway(gatewayUrl(agent), refreshed.body.access_token)).status).toBe(200);

    const replayed = await tokenRequest(base, { grant_type: "refresh_token", refresh_token: first.refresh_token, client_id: client.clientId });
    expect(replayed.status).toBe(400);
    expect(replayed.body.error).toBe("invalid_grant");
  });

  test("revocation (RFC 7009) ends an access token at the gateway; another client cannot revoke it", async () => {
    const { access_token: accessToken } = await connect((await mint("runner")).token);
    expect((await initializeGateway(gatewayUrl(agent), accessToken)).status).toBe(200);
    const stranger = await registerClient(base, { client_name: "Another client" });
    const byStranger = await fetch(`${base}/oauth/revoke`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ token: accessToken, client_id: stranger.clientId }).toString() });
    expect(byStranger.status).toBe(200);
    expect((await initializeGateway(gatewayUrl(agent), accessToken)).status).toBe(200);
    const revoked = await fetch(`${base}/oauth/revoke`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ token: accessToken, client_id: client.clientId }).toString() });
    expect(revoked.status).toBe(200);
    expect((await initializeGateway(gatewayUrl(agent), accessToken)).status).toBe(401);
  });

  test("revoking the Patchbay token a person consented with stops the gateway tokens it led to, and their refresh", async () => {
    const runner = await mint("runner");
    const tokens = await connect(runner.token);
    expect((await admin().delete(`/api/tokens/${runner.id}`)).status).toBe(204);
    expect((await initializeGateway(gatewayUrl(agent), tokens.access_token)).status).toBe(401);
    const refresh = await tokenRequest(base, { grant_type: "refresh_token", refresh_token: tokens.refresh_token, client_id: client.clientId });
    expect(refresh.status).toBe(400);
    expect(refresh.body.error).toBe("invalid_grant");
  });
});

describe("attacks the RFCs name are refused", () => {
  test("a code is used once: the replay is invalid_grant", async () => {
    const tokens = await connect((await mint("runner")).token);
    const replay = await exchangeCode(base, client, tokens.code, tokens.authorization.verifier);
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe("invalid_grant");
  });

  test("PKCE: no code_challenge is refused at the authorization endpoint; a missing or wrong verifier at the token endpoint", async () => {
    const withoutChallenge = authorizationRequest(base, client, { resource: gatewayUrl(agent), code_challenge: undefined, code_challenge_method: undefined });
    const refused = await browse(withoutChallenge.url, await signedInJar(base, (await mint("runner")).token), REDIRECT_URI);
    const back = new URL(refused.location!);
    expect(back.searchParams.get("error")).toBe("invalid_request");
    expect(back.searchParams.get("error_description")).toContain("PKCE");

    const authorization = authorizationRequest(base, client, { resource: gatewayUrl(agent) });
    const { redirect } = await consent(base, authorization, await signedInJar(base, (await mint("runner")).token), "allow");
    const code = redirect!.searchParams.get("code")!;
    const noVerifier = await tokenRequest(base, { grant_type: "authorization_code", code, redirect_uri: REDIRECT_URI, client_id: client.clientId });
    expect(noVerifier.status).toBe(400);
    expect(noVerifier.body.error).toBe("invalid_grant");
    const wrongVerifier = await exchangeCode(base, client, code, "x".repeat(43));
    expect(wrongVerifier.status).toBe(400);
    expect(wrongVerifier.body.error).toBe("invalid_grant");
  });

  test("a redirect_uri the client did not register is refused on a page of Patchbay's, never redirected to", async () => {
    const authorization = authorizationRequest(base, { ...client, redirectUri: "http://127.0.0.1:9/steal" }, { resource: gatewayUrl(agent) });
    const answer = await browse(authorization.url, await signedInJar(base, (await mint("runner")).token), "http://127.0.0.1:9/");
    expect(answer.status).toBe(400);
    expect(answer.location).toBeNull();
    expect(answer.html).toContain("<code>invalid_redirect_uri</code>: redirect_uri did not match any of the client&#39;s registered redirect_uris");
  });

  test("a resource that is not one of this Patchbay's gateways is invalid_target", async () => {
    for (const resource of [`${base}/api/mcp-servers`, `${base}/mcp/agents/no-such-agent`, `http://127.0.0.1:9/mcp/agents/${agent}`]) {
      const authorization = authorizationRequest(base, client, { resource });
      const answer = await browse(authorization.url, await signedInJar(base, (await mint("runner")).token), REDIRECT_URI);
      expect(new URL(answer.location!).searchParams.get("error")).toBe("invalid_target");
    }
  });

  test("a consent link opened in another browser (the victim's, signed in) signs nobody in for the one who started it", async () => {
    const attacker = new CookieJar();
    const authorization = authorizationRequest(base, client, { resource: gatewayUrl(agent) });
    const started = await browse(authorization.url, attacker, REDIRECT_URI);
    // The attacker has no Patchbay session: sent to sign in, with the consent page as `next`.
    const consentPath = decodeURIComponent(new URL(started.url).searchParams.get("next")!);

    const victim = await signedInJar(base, (await mint("runner")).token);
    const opened = await browse(`${base}${consentPath}`, victim, REDIRECT_URI);
    expect(opened.status).toBe(400);
    expect(opened.html).toContain("This sign-in has expired");
    const answered = await browse(`${base}${consentPath}`, victim, REDIRECT_URI, { method: "POST", body: "decision=allow", origin: base });
    expect(answered.status).toBe(400);
    expect(answered.location).toBeNull();
  });

  test("a consent answer from another origin is refused, and the authorization stays unanswered", async () => {
    const jar = await signedInJar(base, (await mint("runner")).token);
    const authorization = authorizationRequest(base, client, { resource: gatewayUrl(agent) });
    const page = await browse(authorization.url, jar, REDIRECT_URI);
    const forged = await browse(page.url, jar, REDIRECT_URI, { method: "POST", body: "decision=allow", origin: "http://evil.example" });
    expect(forged.status).toBe(403);
    expect(forged.location).toBeNull();
  });

  test("registration refuses metadata that is not JSON, and a client metadata document URL that is not https", async () => {
    const notJson = await fetch(`${base}/oauth/register`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{not json" });
    expect(notJson.status).toBe(400);
    expect((await notJson.json()).error).toBe("invalid_request");

    const authorization = authorizationRequest(base, { clientId: "http://127.0.0.1:9/client.json", redirectUri: REDIRECT_URI }, { resource: gatewayUrl(agent) });
    const answer = await browse(authorization.url, new CookieJar(), REDIRECT_URI);
    expect(answer.status).toBe(400);
    expect(answer.location).toBeNull();
    expect(answer.html).toContain("invalid_client");
  });
});

describe("registration", () => {
  test("one address registers at most 30 clients a minute: then 429 with Retry-After (the window may turn once meanwhile)", async () => {
    let refused: Response | undefined;
    let attempts = 0;
    while (!refused && attempts < 61) {
      attempts++;
      const answer = await fetch(`${base}/oauth/register`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ client_name: `burst ${attempts}`, redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: "none" }) });
      if (answer.status === 429) refused = answer;
      else expect(answer.status).toBe(201);
    }
    expect(refused?.status).toBe(429);
    expect(Number(refused!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await refused!.json()).error).toBe("temporarily_unavailable");
    // The file's earlier registrations (a handful) spent the same address's budget.
    expect(attempts).toBeGreaterThan(25);
  });
});

describe("clients known by their Client ID Metadata Document (CIMD)", () => {
  function metadataDocument(clientId: string, overrides: Record<string, unknown> = {}) {
    return JSON.stringify({ client_id: clientId, client_name: "Documented MCP client", redirect_uris: [REDIRECT_URI], grant_types: ["authorization_code", "refresh_token"], response_types: ["code"], token_endpoint_auth_method: "none", ...overrides });
  }

  test("a client whose id is its https metadata document is named from it on the consent page, and its token opens the gateway", async () => {
    const clientId = `${documentOrigin}/documented.json`;
    documents.set("/documented.json", { type: "application/json", body: metadataDocument(clientId) });
    const documented = { clientId, redirectUri: REDIRECT_URI };
    const authorization = authorizationRequest(base, documented, { resource: gatewayUrl(agent) });
    const { page, redirect } = await consent(base, authorization, await signedInJar(base, (await mint("runner")).token), "allow");
    expect(page.html).toContain("Allow <span class=\"client\">Documented MCP client</span> to use Patchbay as you?");
    expect(page.html).toContain(`Its name comes from the metadata document at <strong>${new URL(documentOrigin).host}</strong>.`);
    const tokens = await exchangeCode(base, documented, redirect!.searchParams.get("code")!, authorization.verifier);
    expect(tokens.status).toBe(200);
    expect((await initializeGateway(gatewayUrl(agent), tokens.body.access_token)).status).toBe(200);
  });

  test.each([
    { proves: "a document that is not JSON", path: "/not-json.json", body: () => "<html>hello</html>", type: "text/html", error: "invalid_client" },
    { proves: "a document over 5 KiB", path: "/too-large.json", body: (clientId: string) => metadataDocument(clientId, { client_name: "x".repeat(6 * 1024) }), type: "application/json", error: "invalid_client" },
    { proves: "a document naming another client_id", path: "/other-id.json", body: () => metadataDocument("https://elsewhere.example/client.json"), type: "application/json", error: "invalid_client_metadata" },
    { proves: "a document with a client secret", path: "/secret.json", body: (clientId: string) => metadataDocument(clientId, { client_secret: "s3cr3t-in-metadata", token_endpoint_auth_method: "client_secret_post" }), type: "application/json", error: "invalid_client_metadata" },
  ])("$proves is refused ($error) on Patchbay's page, never redirected, and nothing of it is logged", async ({ path: documentPath, body, type, error }) => {
    const clientId = `${documentOrigin}${documentPath}`;
    documents.set(documentPath, { type, body: body(clientId) });
    const authorization = authorizationRequest(base, { clientId, redirectUri: REDIRECT_URI }, { resource: gatewayUrl(agent) });
    const answer = await browse(authorization.url, await signedInJar(base, (await mint("runner")).token), REDIRECT_URI);
    expect(answer.status).toBe(400);
    expect(answer.location).toBeNull();
    expect(answer.html).toContain(`<code>${error}</code>`);
    expect(patchbay.logs()).not.toContain("s3cr3t-in-metadata");
  });
});
