import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { MODERN_PEER_INFO, startModernPeer } from "../mcp/modern-peer";
import { createOutboundPolicy } from "../mcp/outbound-policy";
import { EVERYTHING, startEverything, startHttpPeer, type EverythingServer, type Peer } from "../mcp/test-peers";
import { DEPRECATED_TRANSPORT_NOTE, probeServer, type ProbeOptions } from "./probe";
import type { ProbeResult } from "./types";

const options: ProbeOptions = { timeoutMs: 10_000, policy: createOutboundPolicy({}), stdioAllow: ["node **"], secrets: [] };
const SDK_SERVER = path.resolve(import.meta.dirname, "../../node_modules/@modelcontextprotocol/server/dist");
const AUTH_SERVER = "https://auth.example.test";

let streamable: EverythingServer;
let sse: EverythingServer;
let modern: Awaited<ReturnType<typeof startModernPeer>>;
let oauthByHeader: Peer & { headersSeen: Record<string, string | undefined>[] };
let oauthByWellKnown: Peer;
let html: Peer;
let missing: Peer;
let jsonNotRpc: Peer;
const outcomes: string[] = [];

/** An endpoint that wants a token and says where its RFC 9728 metadata is (header) or only serves it (well-known). */
async function startOAuthPeer(advertise: boolean) {
  const headersSeen: Record<string, string | undefined>[] = [];
  const peer: Peer = await startHttpPeer((req, res) => {
    if (req.url?.startsWith("/.well-known/oauth-protected-resource") || req.url === "/metadata/prm.json") {
      headersSeen.push({ authorization: req.headers.authorization, "x-api-key": req.headers["x-api-key"] as string | undefined });
      const servedHere = advertise ? req.url === "/metadata/prm.json" : req.url === "/.well-known/oauth-protected-resource/mcp";
      if (!servedHere) return void res.writeHead(404).end();
      res.writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ resource: `${peer.url}/mcp`, authorization_servers: [AUTH_SERVER], scopes_supported: ["mcp:read", "mcp:tools"] }));
      return;
    }
    const challenge = advertise ? `Bearer resource_metadata="${peer.url}/metadata/prm.json", scope="mcp:read"` : "Bearer";
    res.writeHead(401, { "www-authenticate": challenge, "content-type": "application/json" }).end('{"error":"invalid_token"}');
  });
  return { ...peer, headersSeen };
}

beforeAll(async () => {
  [streamable, sse, modern] = await Promise.all([startEverything("streamableHttp"), startEverything("sse"), startModernPeer()]);
  oauthByHeader = await startOAuthPeer(true);
  oauthByWellKnown = await startOAuthPeer(false);
  html = await startHttpPeer((_req, res) => res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end("<!doctype html><title>Docs</title><h1>Welcome</h1>"));
  missing = await startHttpPeer((req, res) => (req.url === "/post-only" ? res.writeHead(405, { allow: "GET" }).end() : res.writeHead(404).end("no such page")));
  jsonNotRpc = await startHttpPeer((_req, res) => res.writeHead(200, { "content-type": "application/json" }).end('{"status":"ok"}'));
}, 60_000);

afterAll(async () => {
  console.info(`[probe outcomes]\n${outcomes.join("\n")}`);
  await Promise.all([streamable.stop(), sse.stop(), modern.close(), oauthByHeader.close(), oauthByWellKnown.close(), html.close(), missing.close(), jsonNotRpc.close()]);
});

function record(peer: string, result: ProbeResult) {
  const auth = result.auth ? `authorization_servers=${result.auth.authorization_servers.join(",")} scopes=${result.auth.scopes_supported.join(",")}` : "-";
  outcomes.push(`${peer} → status=${result.status}, era=${result.era ?? "-"}, auth=${auth}${result.notes.length ? `, notes=${result.notes.join(",")}` : ""}`);
}

describe("the dual-era probe against real peers", { timeout: 30_000 }, () => {
  it("a 2026-07-28 server: server/discover then tools/list, no initialize, no ping", async () => {
    modern.methods.length = 0;
    const result = await probeServer({ type: "http", url: `${modern.url}/mcp` }, options);
    record("new-era peer (SDK 2.4 server, legacy rejected)", result);
    expect(result).toMatchObject({
      status: "healthy", ok: true, reason: null, era: "2026-07-28", protocol_version: "2026-07-28",
      server_info: MODERN_PEER_INFO, tool_count: 2, auth: null, notes: [],
    });
    expect(result.protocol_versions).toContain("2026-07-28");
    expect(result.capabilities).toMatchObject({ tools: {} });
    expect(result.tools.map((tool) => tool.name).sort()).toEqual(["add", "echo"]);
    expect(modern.methods).toEqual(["server/discover", "tools/list"]);
  });

  it("over stdio too: a 2026-07-28 server answers server/discover, server-everything falls back to initialize", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "patchbay-eras-"));
    const script = path.join(dir, "modern-stdio.mjs");
    writeFileSync(script, [
      `import { serveStdio } from ${JSON.stringify(pathToFileURL(path.join(SDK_SERVER, "stdio.mjs")).href)};`,
      `import { McpServer } from ${JSON.stringify(pathToFileURL(path.join(SDK_SERVER, "index.mjs")).href)};`,
      `serveStdio(() => { const server = new McpServer({ name: "modern-stdio", version: "1.0.0" }, { capabilities: { tools: {} } });`,
      `  server.registerTool("ping-me", { description: "answers" }, async () => ({ content: [{ type: "text", text: "pong" }] })); return server; });`,
    ].join("\n"));
    const modernStdio = await probeServer({ type: "stdio", command: "node", args: [script] }, options);
    record("new-era peer over stdio (SDK 2.4 serveStdio)", modernStdio);
    expect(modernStdio).toMatchObject({ status: "healthy", era: "2026-07-28", server_info: { name: "modern-stdio" }, tool_count: 1 });

    const legacyStdio = await probeServer({ type: "stdio", command: "node", args: [EVERYTHING, "stdio"] }, options);
    record("server-everything over stdio", legacyStdio);
    expect(legacyStdio).toMatchObject({ status: "healthy", era: "legacy", server_info: { name: "mcp-servers/everything" } });
  });

  it("server-everything over streamable HTTP: falls back to initialize, era legacy", async () => {
    const result = await probeServer({ type: "http", url: `http://127.0.0.1:${streamable.port}/mcp` }, options);
    record("server-everything, streamable HTTP", result);
    expect(result).toMatchObject({ status: "healthy", era: "legacy", server_info: { name: "mcp-servers/everything" }, auth: null, notes: [] });
    expect(result.protocol_versions).toEqual([result.protocol_version]);
    expect(result.protocol_version).not.toBe("2026-07-28");
    expect(result.capabilities).toHaveProperty("tools");
    expect(result.tool_count).toBeGreaterThan(0);
  });

  it("server-everything over SSE: legacy, flagged as a deprecated transport", async () => {
    const result = await probeServer({ type: "sse", url: `http://127.0.0.1:${sse.port}/sse` }, options);
    record("server-everything, SSE", result);
    expect(result).toMatchObject({ status: "healthy", era: "legacy", notes: [DEPRECATED_TRANSPORT_NOTE] });
  });

  it("401 with resource_metadata in WWW-Authenticate: auth_required with the metadata, fetched without the server's headers", async () => {
    const headers = { authorization: "Bearer server-secret-token", "x-api-key": "server-secret-key" };
    const result = await probeServer({ type: "http", url: `${oauthByHeader.url}/mcp`, headers }, options);
    record("OAuth endpoint, resource_metadata in WWW-Authenticate", result);
    expect(result).toMatchObject({
      status: "auth_required", ok: false, era: null,
      auth: { resource_metadata_url: `${oauthByHeader.url}/metadata/prm.json`, authorization_servers: [AUTH_SERVER], scopes_supported: ["mcp:read", "mcp:tools"] },
    });
    expect(result.reason).toMatch(/^HTTP 401 Unauthorized/);
    expect(oauthByHeader.headersSeen).toEqual([{ authorization: undefined, "x-api-key": undefined }]);
  });

  it("401 without resource_metadata: the metadata is read from the well-known path", async () => {
    const result = await probeServer({ type: "http", url: `${oauthByWellKnown.url}/mcp` }, options);
    record("OAuth endpoint, well-known path only", result);
    expect(result).toMatchObject({
      status: "auth_required",
      auth: { resource_metadata_url: null, authorization_servers: [AUTH_SERVER], scopes_supported: ["mcp:read", "mcp:tools"] },
    });
  });

  it("protected-resource metadata at an address the outbound policy refuses is not fetched: auth stays null", async () => {
    const forbidden = await startHttpPeer((_req, res) => res.writeHead(200, { "content-type": "application/json" }).end('{"authorization_servers":["https://evil.test"]}'), "127.0.0.2");
    const pointing = await startHttpPeer((_req, res) => res.writeHead(401, { "www-authenticate": `Bearer resource_metadata="${forbidden.url}/prm"` }).end());
    try {
      const policy = createOutboundPolicy({ deny: "127.0.0.2/32" });
      const result = await probeServer({ type: "http", url: `${pointing.url}/mcp` }, { ...options, policy });
      record("OAuth endpoint whose metadata URL the outbound policy refuses", result);
      expect(result).toMatchObject({ status: "auth_required", auth: null });
      expect(forbidden.connections()).toBe(0);
    } finally {
      await Promise.all([forbidden.close(), pointing.close()]);
    }
  });

  it("an HTML page is not_mcp, not unhealthy", async () => {
    const result = await probeServer({ type: "http", url: `${html.url}/` }, options);
    record("HTML page", result);
    expect(result).toMatchObject({ status: "not_mcp", ok: false, era: null, reason: "not an MCP server: answers text/html, not JSON-RPC" });
  });

  it("JSON that is not JSON-RPC is not_mcp", async () => {
    const result = await probeServer({ type: "http", url: `${jsonNotRpc.url}/api` }, options);
    record("JSON API (not JSON-RPC)", result);
    expect(result).toMatchObject({ status: "not_mcp", reason: "not an MCP server: answers JSON that is not JSON-RPC" });
  });

  it("404 and 405 are not_mcp, with the status in the reason", async () => {
    const notFound = await probeServer({ type: "http", url: `${missing.url}/mcp` }, options);
    record("404 endpoint", notFound);
    expect(notFound).toMatchObject({ status: "not_mcp", reason: "HTTP 404 Not Found: no such page" });
    const notAllowed = await probeServer({ type: "http", url: `${missing.url}/post-only` }, options);
    record("405 endpoint", notAllowed);
    expect(notAllowed).toMatchObject({ status: "not_mcp", reason: "HTTP 405 Method Not Allowed" });
  });
});
