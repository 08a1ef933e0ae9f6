import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import os from "node:os";
import path from "node:path";

import selfsigned from "selfsigned";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { freePort } from "../../lib/mcp/test-peers";
import { apiClient, httpServer, uniqueName, type ApiClient } from "../support/api-client";
import { authedEnv } from "../support/authed-patchbay";
import { consentAsBrowser, startAuthorizationServer, startProtectedMcpServer, type AuthorizationServer, type ProtectedMcpServer } from "../support/oauth-peers";
import { startPatchbay, type PatchbayProcess } from "../support/patchbay-process";
import { fetchTrusting } from "../support/trusting-fetch";
import { freshDatabaseUrl, removeDatabase } from "../support/test-database";

/**
 * DESIGN §17 "Patchbay identifies itself with a Client ID Metadata Document": Patchbay behind an https terminator
 * (a self-signed certificate for 127.0.0.1), PATCHBAY_PUBLIC_URL its https origin, and a real oidc-provider that takes
 * CIMD clients and registers none (DCR off). Connecting sends the document's URL as client_id; the authorization
 * server fetches Patchbay's document over https, checks the redirect URI against it, and issues the token the
 * guarded MCP server then accepts.
 */
const ADMIN_TOKEN = `pb-cimd-admin-${uniqueName("t")}`;

let terminator: https.Server;
let publicUrl: string;
let trusting: typeof fetch;
let certificateDir: string;
let as: AuthorizationServer;
let mcp: ProtectedMcpServer;
let patchbay: PatchbayProcess;
let admin: ApiClient;
let databaseUrl: string | undefined;
/** Every URL the authorization server fetched (client metadata documents). */
const fetched: string[] = [];
const server = uniqueName("cimd-guarded");

/** An https server on 127.0.0.1 that hands every request to Patchbay's http port, as a TLS-terminating proxy does. */
async function startTerminator(target: () => number): Promise<{ server: https.Server; origin: string; ca: string }> {
  const { private: key, cert } = await selfsigned.generate([{ name: "commonName", value: "127.0.0.1" }], { extensions: [{ name: "subjectAltName", altNames: [{ type: 7, ip: "127.0.0.1" }] }] });
  const tls = https.createServer({ key, cert }, (request, response) => {
    const forwarded = http.request({ host: "127.0.0.1", port: target(), path: request.url, method: request.method, headers: { ...request.headers, "x-forwarded-proto": "https" } }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    forwarded.on("error", () => response.destroy());
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve) => tls.listen(0, "127.0.0.1", resolve));
  return { server: tls, origin: `https://127.0.0.1:${(tls.address() as { port: number }).port}`, ca: cert };
}

beforeAll(async () => {
  const port = await freePort();
  const started = await startTerminator(() => port);
  terminator = started.server;
  publicUrl = started.origin;
  certificateDir = fs.mkdtempSync(path.join(os.tmpdir(), "patchbay-cimd-client-"));
  fs.writeFileSync(path.join(certificateDir, "ca.pem"), started.ca);
  const trustingFetch = fetchTrusting(started.ca);
  trusting = trustingFetch;

  mcp = await startProtectedMcpServer(() => as.issuer, `http://127.0.0.1:${await freePort()}`);
  as = await startAuthorizationServer({
    resource: () => mcp.url, accessTokenTtlS: 600,
    clientIdMetadataDocuments: { fetch: ((url, init) => { fetched.push(String(url)); return trustingFetch(url, init); }) as typeof fetch },
  });
  databaseUrl = await freshDatabaseUrl("upstream-oauth-cimd");
  patchbay = await startPatchbay({
    databaseUrl, port,
    env: { ...authedEnv(ADMIN_TOKEN), PATCHBAY_SECRET_KEY: randomBytes(32).toString("base64"), PATCHBAY_PUBLIC_URL: publicUrl, NODE_EXTRA_CA_CERTS: path.join(certificateDir, "ca.pem") },
  });
  admin = apiClient(patchbay.baseUrl, { Authorization: `Bearer ${ADMIN_TOKEN}` });
  expect((await admin.post("/api/mcp-servers", httpServer(server, { transport: { type: "http", url: mcp.url }, auth: { type: "oauth" } }))).status).toBe(201);
}, 120_000);

afterAll(async () => {
  await patchbay?.stop();
  if (databaseUrl) removeDatabase(databaseUrl);
  await mcp?.stop();
  await as?.stop();
  terminator?.closeAllConnections();
  await new Promise<void>((resolve) => (terminator ? terminator.close(() => resolve()) : resolve()));
  if (certificateDir) fs.rmSync(certificateDir, { recursive: true, force: true });
});

describe("Patchbay behind https identifies itself with its Client ID Metadata Document", () => {
  const documentUrl = () => `${publicUrl}/.well-known/oauth-client/patchbay.json`;

  test("the document is served over https at PATCHBAY_PUBLIC_URL, its client_id its own URL", async () => {
    const answer = await trusting(documentUrl());

    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      client_id: documentUrl(), client_name: "Patchbay", client_uri: publicUrl, redirect_uris: [`${publicUrl}/oauth/callback`],
      grant_types: ["authorization_code", "refresh_token"], response_types: ["code"], token_endpoint_auth_method: "none", application_type: "web",
    });
  });

  test("connect: the authorization server fetches the document, consent returns over https, and the token works", async () => {
    const started = await admin.post(`/api/mcp-servers/${server}/oauth/connect`, {});
    expect(started.status).toBe(200);
    const authorizationUrl = new URL(started.body.authorization_url);
    expect(authorizationUrl.origin).toBe(as.issuer);
    expect(authorizationUrl.searchParams.get("client_id")).toBe(documentUrl());
    expect(authorizationUrl.searchParams.get("redirect_uri")).toBe(`${publicUrl}/oauth/callback`);

    const { url: callbackUrl } = await consentAsBrowser(authorizationUrl.href, publicUrl);
    const finished = await trusting(callbackUrl.href, { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } });

    expect(fetched).toContain(documentUrl());
    expect(finished.status).toBe(303);
    expect(finished.headers.get("location")).toBe(`/mcp-servers/${server}?environment=development&oauth=connected`);
    const connections = (await admin.get(`/api/mcp-servers/${server}/oauth`)).body.connections;
    expect(connections.map((connection: { mode: string; status: string }) => [connection.mode, connection.status])).toEqual([["shared", "connected"]]);
    const tested = await admin.post(`/api/mcp-servers/${server}/test`, {});
    expect(tested.body).toMatchObject({ status: "healthy", tool_count: 2 });
    expect(mcp.accepted.at(-1)).toBe(as.accessTokens.at(-1));
  });
});
