import { Client, StreamableHTTPClientTransport, UnauthorizedError, type OAuthClientProvider } from "@modelcontextprotocol/client";

import { startEverything } from "../../lib/mcp/test-peers";
import { apiClient, httpServer, uniqueName } from "../support/api-client";
import { initializeGateway } from "../support/gateway-oauth-client";
import { mintToken } from "../support/roles";
import { expect, guardedTest, saveScreenshot } from "./fixtures";

const ADMIN_TOKEN = "pb_journey_gateway_sign_in_admin_0123456789";
const REDIRECT_URL = "http://127.0.0.1:33419/callback";

/** Authentication on: the gateway asks MCP clients to sign in (DESIGN §18). One Patchbay per worker. */
const test = guardedTest(ADMIN_TOKEN);

type Provider = OAuthClientProvider & { authorizationUrl?: URL; accessToken(): string | undefined };

/** An MCP client's OAuth state as a desktop client keeps it: registered by DCR, PKCE, tokens in memory; "redirecting" is recording the URL. */
function browserSignInProvider(): Provider {
  let information: Awaited<ReturnType<OAuthClientProvider["clientInformation"]>>;
  let tokens: Awaited<ReturnType<OAuthClientProvider["tokens"]>>;
  let verifier = "";
  let discovery: Awaited<ReturnType<NonNullable<OAuthClientProvider["discoveryState"]>>>;
  const provider: Provider = {
    redirectUrl: REDIRECT_URL,
    clientMetadata: { client_name: "Journey MCP client", redirect_uris: [REDIRECT_URL], grant_types: ["authorization_code", "refresh_token"], response_types: ["code"], token_endpoint_auth_method: "none" },
    clientInformation: () => information,
    saveClientInformation: (saved) => void (information = saved),
    tokens: () => tokens,
    saveTokens: (saved) => void (tokens = saved),
    redirectToAuthorization: (url) => void (provider.authorizationUrl = url),
    saveCodeVerifier: (saved) => void (verifier = saved),
    codeVerifier: () => verifier,
    // Kept beside the verifier, so the callback leg is checked against the authorization server it started with (SEP-2352).
    saveDiscoveryState: (saved) => void (discovery = saved),
    discoveryState: () => discovery,
    accessToken: () => tokens?.access_token,
  };
  return provider;
}

test("an SDK client adds the gateway URL, its person signs in and allows it in Chromium, and it lists and calls tools as that person", async ({ page, guarded }) => {
  const base = guarded.baseUrl;
  const admin = apiClient(base, { Authorization: `Bearer ${ADMIN_TOKEN}` });
  const everything = await startEverything("streamableHttp");
  const server = uniqueName("sign-in-ev");
  const agent = uniqueName("sign-in-agent");
  const otherAgent = uniqueName("sign-in-other");
  try {
    expect((await admin.post("/api/mcp-servers", httpServer(server, { transport: { type: "http", url: `http://127.0.0.1:${everything.port}/mcp` } }))).status).toBe(201);
    expect((await admin.post(`/api/mcp-servers/${server}/health-check`, {})).body.status).toBe("healthy");
    for (const name of [agent, otherAgent]) expect((await admin.post("/api/agents", { name, description: "Signs MCP clients in", mcp_servers: { ev: server } })).status).toBe(201);
    const runnerName = uniqueName("sign-in-runner");
    const runnerToken = await mintToken(base, ADMIN_TOKEN, runnerName, "runner");
    const gateway = new URL(`${base}/mcp/agents/${agent}`);

    // The client meets the 401, discovers the authorization server, registers, and asks to send its person there.
    const provider = browserSignInProvider();
    await expect(new Client({ name: "journey-client", version: "1" }).connect(new StreamableHTTPClientTransport(gateway, { authProvider: provider }))).rejects.toBeInstanceOf(UnauthorizedError);
    expect(provider.authorizationUrl?.href).toMatch(new RegExp(`^${base}/oauth/authorize\\?`));
    expect(provider.authorizationUrl?.searchParams.get("resource")).toBe(gateway.href);

    // The person's browser: not signed in to Patchbay, so the sign-in page first, then back to the consent page.
    let callback: URL | undefined;
    await page.route(`${REDIRECT_URL}**`, (route) => {
      callback = new URL(route.request().url());
      return route.fulfill({ status: 200, contentType: "text/plain", body: "Signed in; back to the client." });
    });
    await page.goto(provider.authorizationUrl!.href);
    await expect(page).toHaveURL(/\/sign-in\?next=%2Foauth%2Fconsent%2F/);
    await page.getByLabel("API token").fill(runnerToken);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { name: "Allow Journey MCP client to use Patchbay as you?" })).toBeVisible();
    await expect(page.getByText(`the agent ${agent}`)).toBeVisible();
    await expect(page.getByText(`as ${runnerName} (runner)`)).toBeVisible();
    await saveScreenshot(page, "gateway-consent");
    await page.getByRole("button", { name: "Allow" }).click();
    await expect(page.getByText("Signed in; back to the client.")).toBeVisible();
    expect(callback?.searchParams.get("iss")).toBe(base);

    // The client finishes (code + PKCE verifier at the token endpoint) and connects again: no token was pasted anywhere.
    await new StreamableHTTPClientTransport(gateway, { authProvider: provider }).finishAuth(callback!.searchParams);
    const client = new Client({ name: "journey-client", version: "1" });
    await client.connect(new StreamableHTTPClientTransport(gateway, { authProvider: provider }));
    const { tools } = await client.listTools();
    const echo = tools.find((tool) => tool.name.endsWith("echo"));
    expect(echo?.name).toBe("ev.echo");
    const called = await client.callTool({ name: echo!.name, arguments: { message: "through OAuth" } });
    expect(called.content).toEqual([{ type: "text", text: "Echo: through OAuth" }]);
    await client.close();

    // The token is this agent's: another agent's gateway refuses it.
    expect((await initializeGateway(`${base}/mcp/agents/${otherAgent}`, provider.accessToken()!)).status).toBe(401);
  } finally {
    await everything.stop();
  }
});
