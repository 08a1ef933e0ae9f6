import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { apiClient, httpServer, type ApiResponse } from "../support/api-client";
import { startEchoPeer, type EchoPeer } from "../support/echo-peer";
import { openEventStream, type EventStreamClient } from "../support/event-stream-client";
import { startPatchbay, type PatchbayProcess } from "../support/patchbay-process";
import { fillPath, mintRoleTokens, type TestRole } from "../support/roles";
import { freshDatabaseUrl, removeDatabase } from "../support/test-database";

/**
 * The planted-secret walk (DESIGN §7, §10): secrets planted every way a definition can hold one — a scoped
 * registry secret, an allowed process variable, literal secrets in a server and in the legacy inline configs of
 * a capability and an agent, in headers and written into URLs (a password, a secret-looking query value) — then every GET of the API, the seed paths, the dashboard pages, the event stream,
 * probe results and the server's logs are searched for them as a viewer and as an editor. None may appear.
 */
const ADMIN_TOKEN = "pb_masking_admin_token_0123456789abcdef";
const tag = randomUUID().slice(0, 8);
const PLANTED = {
  registrySecret: `planted-registry-${tag}-now`,
  registrySecretBefore: `planted-registry-${tag}-before`,
  registrySecretProd: `planted-registry-${tag}-prod`,
  processSecret: `planted-process-${tag}`,
  literalServer: `sk-literal-server-${tag}`,
  literalCapability: `sk-literal-capability-${tag}`,
  literalAgent: `sk-literal-agent-${tag}`,
  urlPassword: `pw-url-${tag}`,
  urlToken: `tok-url-${tag}`,
  urlProdKey: `key-url-prod-${tag}`,
  urlCapabilityToken: `tok-url-capability-${tag}`,
  urlAgentPassword: `pw-url-agent-${tag}`,
};
/** Values typed into definitions: runner and admin may read them in blueprints (DESIGN §7), so they are checked below those roles. */
const LITERALS = [
  PLANTED.literalServer, PLANTED.literalCapability, PLANTED.literalAgent,
  PLANTED.urlPassword, PLANTED.urlToken, PLANTED.urlProdKey, PLANTED.urlCapabilityToken, PLANTED.urlAgentPassword,
];
/** Written into URLs: the blueprint of the agent's default environment carries all but the production one. */
const URL_LITERALS = [PLANTED.urlPassword, PLANTED.urlToken, PLANTED.urlProdKey, PLANTED.urlCapabilityToken, PLANTED.urlAgentPassword];
/** Values that came from the registry's secrets or environment: masked everywhere but blueprints, for every role. */
const SUBSTITUTED = [PLANTED.registrySecret, PLANTED.registrySecretBefore, PLANTED.registrySecretProd, PLANTED.processSecret];

const VARIABLE = "PLANTED_SECRET";
const SERVERS = { registry: `uses-registry-${tag}`, process: `uses-process-${tag}`, literal: `uses-literal-${tag}`, url: `uses-url-literal-${tag}` };
/** `peer.url` with credentials written into it: a password and secret-looking query values, among ordinary ones. */
const withCredentials = (url: string, user: string, password: string, query: string) => url.replace("http://", `http://${user}:${password}@`) + query;
const CAPABILITY = `holds-inline-${tag}`;
const AGENT = `agent-inline-${tag}`;

let patchbay: PatchbayProcess;
let databaseUrl: string;
let peer: EchoPeer;
let tokens: Record<TestRole, string>;
let stream: EventStreamClient | undefined;
const as = (role: TestRole, headers: Record<string, string> = {}) => apiClient(patchbay.baseUrl, { Authorization: `Bearer ${tokens[role]}`, ...headers });
const admin = () => apiClient(patchbay.baseUrl, { Authorization: `Bearer ${ADMIN_TOKEN}` });

/** Every planted value found in `text`, as `label: value`; empty when none is there. */
function leaksIn(text: string, values: string[] = [...SUBSTITUTED, ...LITERALS]): string[] {
  return values.filter((value) => text.includes(value));
}

function expectCreated(response: ApiResponse, what: string) {
  expect(response.status, `${what}: ${response.text}`).toBeLessThan(300);
}

beforeAll(async () => {
  peer = await startEchoPeer();
  databaseUrl = await freshDatabaseUrl("masking");
  patchbay = await startPatchbay({
    databaseUrl,
    env: {
      PATCHBAY_AUTH: "on", PATCHBAY_ADMIN_TOKEN: ADMIN_TOKEN, PATCHBAY_SEED_DEMO: "false", PATCHBAY_ENV_ALLOW: "PLANTED_*",
      // Secrets are planted: PostgreSQL needs a configured key (DESIGN §10); SQLite would make a key file.
      PATCHBAY_SECRET_KEY: "BwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwc=",
      PLANTED_PROCESS_SECRET: PLANTED.processSecret, PATCHBAY_RATE_TESTS_PER_MIN: "10000",
    },
  });
  tokens = await mintRoleTokens(patchbay.baseUrl, ADMIN_TOKEN);

  // The secret is rotated once, so a revision exists whose value is no longer current.
  const scope = { hosts: ["127.0.0.1"] };
  expectCreated(await admin().put(`/api/variables/${VARIABLE}`, { secret: true, value: PLANTED.registrySecretBefore, scope }), "secret");
  expectCreated(await admin().put(`/api/variables/${VARIABLE}`, { secret: true, value: PLANTED.registrySecret, environments: { prod: PLANTED.registrySecretProd }, scope }), "secret rotated");
  expectCreated(await admin().put("/api/variables/PLANTED_PLAIN", { value: "plain-and-visible" }), "plain variable");

  const editor = as("editor");
  const servers = [
    httpServer(SERVERS.registry, { transport: { type: "http", url: peer.url, headers: { Authorization: `Bearer \${${VARIABLE}}` } }, environments: { prod: { url: peer.url.replace("/mcp", "/prod") } } }),
    httpServer(SERVERS.process, { transport: { type: "http", url: peer.url, headers: { "X-Process": "${PLANTED_PROCESS_SECRET}", "X-Plain": "${PLANTED_PLAIN}" } } }),
    httpServer(SERVERS.literal, { transport: { type: "http", url: peer.url, headers: { "X-Api-Key": PLANTED.literalServer } } }),
    httpServer(SERVERS.url, {
      transport: { type: "http", url: withCredentials(peer.url, "alice", PLANTED.urlPassword, `?team=core&access_token=${PLANTED.urlToken}&page=2`) },
      environments: { prod: { url: `${peer.url}?key=${PLANTED.urlProdKey}&token=\${PLANTED_PLAIN}` } },
    }),
  ];
  for (const server of servers) {
    expectCreated(await editor.post("/api/mcp-servers", server), server.name);
    // A second revision: the walk reads revisions 1 and 2 of every entity.
    expectCreated(await editor.patch(`/api/mcp-servers/${server.name}`, { description: "Edited once" }), `${server.name} edit`);
  }
  const inline = (secret: string, url = peer.url) => ({ type: "http", url, headers: { "X-Api-Key": secret, "X-Team": "core" } });
  expectCreated(await editor.post("/api/capabilities", {
    name: CAPABILITY, description: "Planted capability",
    mcp_servers: {
      "cap-inline": inline(PLANTED.literalCapability, `${peer.url}?api_key=${PLANTED.urlCapabilityToken}`),
      "cap-registry": SERVERS.registry, "cap-process": SERVERS.process,
    },
  }), "capability");
  expectCreated(await editor.patch(`/api/capabilities/${CAPABILITY}`, { description: "Edited once" }), "capability edit");
  expectCreated(await editor.post("/api/agents", {
    name: AGENT, description: "Planted agent", capabilities: [CAPABILITY],
    mcp_servers: {
      "agent-inline": inline(PLANTED.literalAgent, withCredentials(peer.url, "carol", PLANTED.urlAgentPassword, "")),
      "agent-literal": SERVERS.literal, "agent-url": SERVERS.url,
    },
  }), "agent");
  expectCreated(await editor.patch(`/api/agents/${AGENT}`, { description: "Edited once" }), "agent edit");

  // Probes: a viewer's event stream is open before the first check, so every unknown → unhealthy change is sent.
  stream = await openEventStream(`${patchbay.baseUrl}/api/health/events`, { Authorization: `Bearer ${tokens.viewer}` });
  for (const name of Object.values(SERVERS)) {
    const checked = await editor.post(`/api/mcp-servers/${name}/health-check`);
    expect(checked.status, checked.text).toBe(200);
  }
  for (const name of Object.values(SERVERS)) await stream.waitFor((event) => event.name === name, 30_000);
  // The peer did receive every value: a reason that echoed it unscrubbed would carry it.
  const sent = JSON.stringify(peer.requests);
  expect(leaksIn(sent, [PLANTED.registrySecret, PLANTED.processSecret, PLANTED.literalServer])).toHaveLength(3);
  // …the token written into a URL too, and the peer echoes the path it came in.
  expect(leaksIn(JSON.stringify(peer.paths), [PLANTED.urlToken])).toEqual([PLANTED.urlToken]);
}, 120_000);

afterAll(async () => {
  await stream?.close();
  await patchbay?.stop();
  await peer?.stop();
  if (databaseUrl) removeDatabase(databaseUrl);
});

type Request = { method: string; path: string; body?: unknown };

/** Every GET of the OpenAPI document, its path parameters filled with the planted entities, with each query variant. */
async function everyGet(): Promise<Request[]> {
  const document = (await admin().get("/api/openapi.json")).body;
  const requests: Request[] = [];
  for (const [path, item] of Object.entries<Record<string, any>>(document.paths)) {
    if (!item.get || path === "/api/health/events") continue;
    const names = path.startsWith("/api/mcp-servers") || path.startsWith("/v0.1/") ? Object.values(SERVERS)
      : path.startsWith("/api/capabilities") ? [CAPABILITY]
        : path.startsWith("/api/agents") ? [AGENT]
          : path.startsWith("/api/variables") ? [VARIABLE, "PLANTED_PLAIN"] : ["x"];
    const queryKeys: string[] = (item.get.parameters ?? []).filter((parameter: any) => parameter.in === "query").map((parameter: any) => parameter.name);
    const queries = [""];
    if (queryKeys.includes("raw")) queries.push("?raw=true");
    if (queryKeys.includes("environment")) queries.push("?environment=prod", "?environment=production", "?environment=prod&raw=true");
    const limit = (item.get.parameters ?? []).find((parameter: any) => parameter.name === "limit")?.schema?.maximum;
    if (limit) queries.push(`?limit=${limit}`);
    if (queryKeys.includes("search")) queries.push(`?search=${tag}`);
    for (const name of names) {
      for (const n of path.includes("{n}") ? ["1", "2"] : ["1"]) {
        for (const environment of path.includes("{environment}") ? ["production", "prod"] : ["x"]) {
          for (const query of queries) requests.push({ method: "GET", path: fillPath(path, { name, n, environment, id: "x" }) + query });
        }
      }
    }
  }
  // The seed's own paths answer JSON to clients that do not ask for HTML (DESIGN §3).
  for (const path of [...Object.values(SERVERS).map((name) => `/mcp-servers/${name}`), `/capabilities/${CAPABILITY}`, `/agents/${AGENT}`, "/mcp-servers", "/agents", "/capabilities"]) {
    requests.push({ method: "GET", path }, { method: "GET", path: `${path}?raw=true` });
  }
  return requests;
}

/** The blueprints, GET and POST, in every format; the POSTs that report on a server. */
function blueprintsAndReports(): Request[] {
  const requests: Request[] = [];
  for (const format of ["", "?format=claude", "?format=cursor", "?format=vscode"]) {
    requests.push({ method: "POST", path: `/api/agents/${AGENT}/blueprint${format}`, body: {} });
    requests.push({ method: "POST", path: `/api/agents/${AGENT}/blueprint${format}`, body: { environment: "prod", context: { user: "u" } } });
  }
  for (const name of Object.values(SERVERS)) {
    requests.push({ method: "POST", path: `/api/mcp-servers/${name}/validate`, body: {} });
    requests.push({ method: "POST", path: `/api/mcp-servers/${name}/validate`, body: { environment: "prod" } });
  }
  return requests;
}

/** Runs the requests as `role`; returns every response that carried a planted value, and how many answered 200. */
async function walk(role: TestRole, requests: Request[], values: string[]) {
  const leaks: string[] = [];
  let ok = 0;
  for (const { method, path, body } of requests) {
    const response = await as(role, { Accept: "application/json" }).request(method, path, { body });
    expect(response.status, `${role} ${method} ${path}: ${response.text.slice(0, 300)}`).toBeLessThan(500);
    if (response.status === 200) ok++;
    const found = leaksIn(response.text + JSON.stringify([...response.headers]), values);
    if (found.length) leaks.push(`${role} ${method} ${path} → ${response.status} shows ${found.join(", ")}`);
  }
  return { leaks, ok };
}

describe("no planted secret reaches a viewer or an editor", () => {
  test("control: the planted values are live — a runner's blueprint carries every one the agent uses", async () => {
    const blueprint = await as("runner").get(`/api/agents/${AGENT}`);
    expect(blueprint.status, blueprint.text).toBe(200);
    expect(leaksIn(blueprint.text).sort()).toEqual([PLANTED.registrySecret, PLANTED.processSecret, ...LITERALS.filter((value) => value !== PLANTED.urlProdKey)].sort());
    // In clear where they were written: the runner's blueprint carries the URLs whole.
    expect(blueprint.text).toContain(`alice:${PLANTED.urlPassword}@`);
    expect(blueprint.text).toContain(`access_token=${PLANTED.urlToken}&page=`);
    const production = await as("runner").post(`/api/agents/${AGENT}/blueprint`, { environment: "prod" });
    expect(production.status, production.text).toBe(200);
    expect(leaksIn(production.text, URL_LITERALS)).toContain(PLANTED.urlProdKey);
  });

  test("a URL's password and secret-looking query values are masked in place: the rest of the URL stays, placeholders included", async () => {
    for (const role of ["viewer", "editor", "runner"] as const) {
      const raw = await as(role).get(`/api/mcp-servers/${SERVERS.url}?raw=true`);
      expect(raw.status).toBe(200);
      expect(raw.body.mcp_server.transport.url).toBe(withCredentials(peer.url, "alice", "••••", "?team=core&access_token=••••&page=2"));
      expect(raw.body.mcp_server.environments.prod.url).toBe(`${peer.url}?key=••••&token=\${PLANTED_PLAIN}`);
      const inlineUrl = (await as(role).get(`/api/agents/${AGENT}?raw=true`)).body.agent.mcp_servers["agent-inline"].url;
      expect(inlineUrl).toBe(withCredentials(peer.url, "carol", "••••", ""));
    }
    // Validate warns about them as about literal headers, and its resolved config masks them.
    const validated = await as("editor").post(`/api/mcp-servers/${SERVERS.url}/validate`, {});
    expect(validated.body.warnings.filter((warning: { path: string }) => warning.path === "/transport/url").map((warning: { message: string }) => warning.message.split(" looks")[0]))
      .toEqual(["the password in the URL", "'access_token' in the URL"]);
    expect(validated.body.resolved_config.url).toBe(withCredentials(peer.url, "alice", "••••", "?team=core&access_token=••••&page=2"));
    const stored = await admin().get(`/api/mcp-servers/${SERVERS.url}?raw=true`);
    expect(stored.body.mcp_server.transport.url).toBe(withCredentials(peer.url, "alice", PLANTED.urlPassword, `?team=core&access_token=${PLANTED.urlToken}&page=2`));
    expect(stored.body.mcp_server.environments.prod.url).toContain(`key=${PLANTED.urlProdKey}`);
    expect((await admin().get(`/api/agents/${AGENT}?raw=true`)).text).toContain(`carol:${PLANTED.urlAgentPassword}@`);
  });

  test.each(["viewer", "editor"] as const)("every GET of the API and the seed paths, as %s", async (role) => {
    const requests = await everyGet();
    expect(requests.length).toBeGreaterThan(60);
    const { leaks, ok } = await walk(role, requests, [...SUBSTITUTED, ...LITERALS]);
    expect(leaks).toEqual([]);
    expect(ok).toBeGreaterThan(requests.length / 2);
  });

  test.each(["viewer", "editor"] as const)("blueprints in every format and validate, as %s", async (role) => {
    const requests = blueprintsAndReports();
    const { leaks, ok } = await walk(role, requests, [...SUBSTITUTED, ...LITERALS]);
    expect(leaks).toEqual([]);
    expect(ok).toBe(requests.length);
  });

  test("runner and admin read no substituted value outside blueprints", async () => {
    const requests = (await everyGet()).filter(({ path }) => !/^\/(api\/)?agents\/[^/]+(\?|$)/.test(path));
    const reports = blueprintsAndReports().filter(({ path }) => !path.includes("/blueprint"));
    for (const role of ["runner", "admin"] as const) {
      const { leaks } = await walk(role, [...requests, ...reports], SUBSTITUTED);
      expect(leaks).toEqual([]);
    }
  });

  test("test connections, re-checks and tool calls report the upstream's echo with every value masked", async () => {
    const leaks: string[] = [];
    for (const role of ["editor", "admin"] as const) {
      for (const name of Object.values(SERVERS)) {
        for (const [path, body] of [[`/api/mcp-servers/${name}/test`, {}], [`/api/mcp-servers/${name}/test`, { environment: "prod" }], [`/api/mcp-servers/${name}/health-check`, undefined], [`/api/mcp-servers/${name}/tools/echo/call`, { arguments: { message: "hi" } }]] as const) {
          const response = await as(role).post(path, body);
          // 502: the peer is no MCP server, and a tool call reports that as the upstream's failure.
          const isUpstreamFailure = response.status === 502 && path.endsWith("/call");
          expect(isUpstreamFailure || response.status < 500, `${role} POST ${path}: ${response.status} ${response.text.slice(0, 300)}`).toBe(true);
          // Literal secrets are the admin's to read; what the registry substituted is no one's outside blueprints.
          const found = leaksIn(response.text, role === "admin" ? SUBSTITUTED : [...SUBSTITUTED, ...LITERALS]);
          if (found.length) leaks.push(`${role} POST ${path} → ${response.status} shows ${found.join(", ")}`);
        }
      }
    }
    expect(leaks).toEqual([]);
    const tested = await as("editor").post(`/api/mcp-servers/${SERVERS.registry}/test`, {});
    expect(tested.body.reason).toContain("••••");
  });

  test("an import dry run's report echoes none of the secrets in the file", async () => {
    const file = {
      mcp_servers: [
        httpServer(`imported-${tag}`, { transport: { type: "http", url: peer.url, headers: { "X-Api-Key": PLANTED.literalServer, Authorization: `Bearer ${PLANTED.registrySecret}` } } }),
        { ...httpServer(`broken-${tag}`, { transport: { type: "http", url: PLANTED.processSecret, headers: { "X-Api-Key": PLANTED.literalAgent } } }), colour: PLANTED.registrySecretProd },
        httpServer(SERVERS.literal, { transport: { type: "http", url: peer.url, headers: { "X-Api-Key": PLANTED.literalCapability } } }),
      ],
    };
    for (const query of ["?dry_run=true", "?dry_run=true&on_conflict=skip", "?dry_run=true&on_conflict=overwrite", "?dry_run=true&secrets=placeholders"]) {
      const report = await admin().post(`/api/import${query}`, file);
      expect(report.status, report.text).toBeLessThan(500);
      expect(leaksIn(report.text), `POST /api/import${query}`).toEqual([]);
    }
  });

  test("the health event stream a viewer held open carried the reasons, masked", () => {
    const text = JSON.stringify(stream!.events);
    expect(stream!.events.length).toBeGreaterThanOrEqual(3);
    expect(text).toContain("upstream refused the request");
    expect(leaksIn(text)).toEqual([]);
  });

  test.each(["viewer", "editor"] as const)("the dashboard pages of every planted entity, signed in as %s", async (role) => {
    const signedIn = await apiClient(patchbay.baseUrl).post("/api/session", { token: tokens[role] });
    expect(signedIn.status).toBe(200);
    const cookie = (signedIn.headers.get("set-cookie") ?? "").split(";")[0];
    const pages = [
      "/", "/mcp-servers", "/capabilities", "/agents", "/audit", "/import", "/tokens",
      ...Object.values(SERVERS).flatMap((name) => [`/mcp-servers/${name}`, `/mcp-servers/${name}/edit`]),
      `/capabilities/${CAPABILITY}`, `/capabilities/${CAPABILITY}/edit`, `/agents/${AGENT}`, `/agents/${AGENT}/edit`,
    ];
    const leaks: string[] = [];
    let rendered = 0;
    for (const page of pages) {
      const response = await fetch(`${patchbay.baseUrl}${page}`, { headers: { Accept: "text/html", Cookie: cookie }, redirect: "manual" });
      const text = await response.text();
      expect(response.status, `${role} ${page}`).toBeLessThan(500);
      if (response.status === 200) rendered++;
      const found = leaksIn(text);
      if (found.length) leaks.push(`${role} page ${page} shows ${found.join(", ")}`);
    }
    expect(leaks).toEqual([]);
    expect(rendered).toBeGreaterThanOrEqual(10);
  });

  test("runner reads no literal value outside blueprints: GETs of the API and the seed paths, and the dashboard pages", async () => {
    // A runner is a viewer outside blueprints (DESIGN §7): only GET /api/agents/{name} and the seed path /agents/{name} resolve one.
    const isBlueprint = (path: string) => /^\/(api\/)?agents\/[^/?]+(\?(?!.*raw=true)|$)/.test(path);
    const requests = (await everyGet()).filter(({ path }) => !isBlueprint(path));
    const reports = blueprintsAndReports().filter(({ path }) => !path.includes("/blueprint"));
    expect(requests.map(({ path }) => path)).toContain(`/api/mcp-servers/${SERVERS.literal}?raw=true`);
    expect(requests.map(({ path }) => path)).toContain(`/v0.1/x/dev.patchbay/servers/${SERVERS.url}/environments`);
    expect(requests.map(({ path }) => path)).toContain("/v0.1/servers");
    const { leaks, ok } = await walk("runner", [...requests, ...reports], LITERALS);
    expect(leaks).toEqual([]);
    expect(ok).toBeGreaterThan(requests.length / 2);

    const signedIn = await apiClient(patchbay.baseUrl).post("/api/session", { token: tokens.runner });
    const cookie = (signedIn.headers.get("set-cookie") ?? "").split(";")[0];
    const pages = [`/mcp-servers/${SERVERS.literal}`, `/mcp-servers/${SERVERS.literal}/edit`, `/mcp-servers/${SERVERS.url}`, `/mcp-servers/${SERVERS.url}/edit`, `/capabilities/${CAPABILITY}`, `/capabilities/${CAPABILITY}/edit`, `/agents/${AGENT}/edit`];
    for (const page of pages) {
      const response = await fetch(`${patchbay.baseUrl}${page}`, { headers: { Accept: "text/html", Cookie: cookie }, redirect: "manual" });
      const text = await response.text();
      expect(response.status, `runner page ${page}`).toBe(200);
      expect(leaksIn(text, LITERALS), `runner page ${page}`).toEqual([]);
    }
    // The control: an admin reads the stored definition whole, a runner's blueprint carries the value.
    expect((await admin().get(`/api/mcp-servers/${SERVERS.literal}?raw=true`)).body.mcp_server.transport.headers["X-Api-Key"]).toBe(PLANTED.literalServer);
    expect(leaksIn((await as("runner").get(`/api/agents/${AGENT}`)).text, LITERALS)).toContain(PLANTED.literalServer);
  });

  test("the server's logs hold none of them", () => {
    expect(leaksIn(patchbay.logs())).toEqual([]);
  });
});

/**
 * Scrub, then cut (DESIGN §14): an upstream that answers 500 echoing the request path, which carries a host-scoped
 * secret, placed so that the secret straddles the cut of the error detail at every offset around it — in the raw
 * form and percent-encoded. Had the detail been cut before scrubbing, the secret's first characters would show.
 * No prefix of the secret (4 characters or more, raw or encoded) may reach the viewer's GET …/health, the event
 * stream or the editor's test result.
 */
describe("scrub, then cut: a secret across the cut of an upstream's error body", () => {
  const CUT_VARIABLE = "PLANTED_CUT";
  const secret = `QZX${tag}+cut=secret`;
  /** What the 500 body says before the path: the detail of a reason is cut at 200 characters. */
  const PREAMBLE = "upstream refused ";
  const DETAIL_CHARS = 200;
  const modes = {
    raw: { echo: (path: string) => path, secretForm: secret },
    encoded: { echo: (path: string) => encodeURIComponent(path), secretForm: encodeURIComponent(secret) },
  } as const;
  let pathPeer: http.Server;
  let pathPeerPort: number;
  const seenPaths: string[] = [];

  beforeAll(async () => {
    pathPeer = http.createServer((request, response) => {
      const url = request.url ?? "";
      seenPaths.push(url);
      request.resume();
      const mode = url.startsWith("/encoded/") ? modes.encoded : modes.raw;
      request.on("end", () => {
        response.writeHead(500, { "Content-Type": "text/plain" });
        response.end(`${PREAMBLE}${mode.echo(url)}`);
      });
    });
    await new Promise<void>((resolve) => pathPeer.listen(0, "127.0.0.1", resolve));
    pathPeerPort = (pathPeer.address() as AddressInfo).port;
    expectCreated(await admin().put(`/api/variables/${CUT_VARIABLE}`, { secret: true, value: secret, scope: { hosts: ["127.0.0.1"] } }), "cut secret");
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => (pathPeer ? (pathPeer.closeAllConnections(), pathPeer.close(() => resolve())) : resolve()));
  });

  /** Every prefix of 4 characters or more of the secret's raw and encoded forms found in `text`. */
  function secretPrefixesIn(text: string): string[] {
    const forms = [secret, encodeURIComponent(secret), encodeURI(secret), JSON.stringify(secret).slice(1, -1)];
    return [...new Set(forms.flatMap((form) => Array.from({ length: form.length - 3 }, (_, index) => form.slice(0, index + 4))))]
      .filter((prefix) => text.includes(prefix));
  }

  test("at every offset from (cut − secret length) to the cut, in the raw and the encoded echo, no prefix of the secret shows", async () => {
    const editor = as("editor");
    const viewer = as("viewer");
    const servers: { name: string; mode: keyof typeof modes; offset: number }[] = [];
    for (const mode of Object.keys(modes) as (keyof typeof modes)[]) {
      const { echo, secretForm } = modes[mode];
      // Where the secret starts in the detail with no padding: the echo of `/<mode>/` comes first.
      const start = PREAMBLE.length + echo(`/${mode}/`).length;
      for (let offset = DETAIL_CHARS - secretForm.length; offset <= DETAIL_CHARS; offset++) {
        const pad = "p".repeat(offset - start);
        const name = `cut-${mode}-${offset}-${tag}`;
        const url = `http://127.0.0.1:${pathPeerPort}/${mode}/${pad}\${${CUT_VARIABLE}}/mcp`;
        expectCreated(await editor.post("/api/mcp-servers", httpServer(name, { transport: { type: "http", url } })), name);
        servers.push({ name, mode, offset });
      }
    }
    expect(servers.length).toBe(modes.raw.secretForm.length + modes.encoded.secretForm.length + 2);

    const leaks: string[] = [];
    for (const { name, mode, offset } of servers) {
      const checked = await editor.post(`/api/mcp-servers/${name}/health-check`);
      expect(checked.status, checked.text).toBe(200);
      const tested = await editor.post(`/api/mcp-servers/${name}/test`, {});
      expect(tested.status, tested.text).toBe(200);
      const health = await viewer.get(`/api/mcp-servers/${name}/health`);
      expect(health.status).toBe(200);
      // The control: the echo is in the reason, so only the scrubbing stands between the secret and the viewer.
      expect(health.body.health.reason, `${mode} ${offset}`).toContain(`${PREAMBLE}${modes[mode].echo(`/${mode}/`)}`);
      for (const [where, text] of [["GET …/health", health.text], ["the test result", tested.text], ["the health-check", checked.text]] as const) {
        const found = secretPrefixesIn(text);
        if (found.length) leaks.push(`${mode} offset ${offset}: ${where} shows ${found.join(", ")}`);
      }
    }
    for (const { name } of servers) await stream!.waitFor((event) => event.name === name, 30_000);
    const events = JSON.stringify(stream!.events.filter((event) => String((event as { name?: string }).name).startsWith("cut-")));
    expect(events).toContain(PREAMBLE);
    const inEvents = secretPrefixesIn(events);
    if (inEvents.length) leaks.push(`the event stream shows ${inEvents.join(", ")}`);
    expect(leaks).toEqual([]);
    // The peer did receive the secret in every path: a reason cut before scrubbing would carry its start.
    expect(seenPaths.filter((path) => path.includes(secret)).length).toBeGreaterThanOrEqual(servers.length);
  });
});

/**
 * Write answers (DESIGN §7): every answer that carries a definition masks literal secrets to an editor as its GET
 * does — create, PATCH (an empty one too), PUT of the masked `?raw=true` body (the edit form's save), restore — for
 * servers, capabilities and agents; an admin's shows them. A variable's write answer never shows a secret's value.
 */
describe("write answers carry no literal secret to an editor", () => {
  const secrets = { bearer: `SECRET-bearer-${tag}`, apiKey: `SECRET-key-${tag}`, production: `SECRET-prod-${tag}`, token: `SECRET-token-${tag}` };
  const values = Object.values(secrets);
  const name = `writes-literal-${tag}`;
  const stdioName = `writes-stdio-${tag}`;

  function expectMasked(response: ApiResponse, what: string) {
    expect(response.status, `${what}: ${response.text.slice(0, 300)}`).toBeLessThan(300);
    expect(leaksIn(response.text, values), what).toEqual([]);
  }

  test("servers: create, PATCH tags, empty PATCH, PUT of the masked raw body, restore, rename — masked; the admin's PATCH shows them", async () => {
    const editor = as("editor");
    const created = await editor.post("/api/mcp-servers", httpServer(name, {
      transport: { type: "http", url: peer.url, headers: { Authorization: `Bearer ${secrets.bearer}`, "X-Api-Key": secrets.apiKey } },
      environments: { production: { headers: { "X-Api-Key": secrets.production } } },
    }));
    expectMasked(created, "POST /api/mcp-servers");
    expect(created.body.mcp_server.transport.headers).toEqual({ Authorization: "Bearer ••••", "X-Api-Key": "••••" });
    expectMasked(await editor.post("/api/mcp-servers", { name: stdioName, description: "stdio", version: "1.0.0", transport: { type: "stdio", command: "node", args: ["x.js"], env: { API_TOKEN: secrets.token } } }), "POST stdio");

    expectMasked(await editor.patch(`/api/mcp-servers/${name}`, { tags: ["x"] }), "PATCH tags");
    expectMasked(await editor.patch(`/api/mcp-servers/${name}`, {}), "PATCH {}");
    expectMasked(await editor.patch(`/api/mcp-servers/${stdioName}`, { tags: ["x"] }), "PATCH stdio tags");
    const raw = await editor.get(`/api/mcp-servers/${name}?raw=true`);
    const { created_at: _c, modified_at: _m, revision: _r, ...definition } = raw.body.mcp_server;
    expectMasked(await editor.put(`/api/mcp-servers/${name}`, { ...definition, description: "Saved by the edit form" }), "PUT of the masked raw body");
    expectMasked(await editor.post(`/api/mcp-servers/${name}/revisions/1/restore`), "POST restore");
    const renamed = `${name}-renamed`;
    expectMasked(await editor.put(`/api/mcp-servers/${name}`, { ...definition, name: renamed }), "PUT renaming");
    expectMasked(await editor.put(`/api/mcp-servers/${renamed}`, { ...definition, name }), "PUT renaming back");

    // Masked values sent back kept the secrets, and the admin sees them in its own write's answer.
    const adminPatch = await admin().patch(`/api/mcp-servers/${name}`, { tags: ["y"] });
    expect(adminPatch.status).toBe(200);
    expect(adminPatch.body.mcp_server.transport.headers).toEqual({ Authorization: `Bearer ${secrets.bearer}`, "X-Api-Key": secrets.apiKey });
    expect(adminPatch.body.mcp_server.environments.production.headers["X-Api-Key"]).toBe(secrets.production);
  });

  test("a server's URL secrets: the masked raw body PUT back (a path changed) keeps them; moving the origin with them → 409 unless typed anew or kept by an admin", async () => {
    const editor = as("editor");
    const urlName = `writes-url-${tag}`;
    const path = `/api/mcp-servers/${urlName}`;
    const written = (host: string, password = secrets.bearer, token = secrets.token) => `http://alice:${password}@${host}/mcp?team=core&access_token=${token}`;
    const peerHost = new URL(peer.url).host;
    expectMasked(await editor.post("/api/mcp-servers", httpServer(urlName, { transport: { type: "http", url: written(peerHost) } })), "POST with URL secrets");
    const stored = async () => (await admin().get(`${path}?raw=true`)).body.mcp_server.transport.url;

    const raw = await editor.get(`${path}?raw=true`);
    expectMasked(raw, "GET ?raw=true");
    const { created_at: _c, modified_at: _m, revision: _r, ...definition } = raw.body.mcp_server;
    expect(definition.transport.url).toBe(written(peerHost, "••••", "••••"));
    const onAnotherPath = definition.transport.url.replace("/mcp?", "/v2/mcp?");
    expectMasked(await editor.put(path, { ...definition, transport: { ...definition.transport, url: onAnotherPath } }), "PUT of the masked URL on another path");
    expect(await stored()).toBe(written(peerHost, secrets.bearer, secrets.token).replace("/mcp?", "/v2/mcp?"));

    // A mask where nothing secret is stored stands for nothing: 400, nothing changed.
    const misplaced = await editor.put(path, { ...definition, transport: { ...definition.transport, url: `http://${peerHost}/mcp?api_key=••••` } });
    expect(misplaced.status, misplaced.text).toBe(400);
    expect(JSON.stringify(misplaced.body.errors)).toContain("/transport/url");

    // The attack: the masked URL sent to the editor's own host.
    const before = await stored();
    const attacker = "127.0.0.1:11";
    for (const move of [
      () => editor.put(path, { ...definition, transport: { ...definition.transport, url: written(attacker, "••••", "••••") } }),
      () => editor.patch(path, { transport: { url: written(attacker, "••••", "••••") } }),
    ]) {
      const refused = await move();
      expect(refused.status, refused.text).toBe(409);
      expect(refused.body).toMatchObject({ type: expect.stringMatching(/secret-destination-changed$/), keys: ["url.password", "url.query.access_token"] });
      expect(leaksIn(refused.text, values)).toEqual([]);
      expect(await stored()).toBe(before);
    }
    expect((await editor.patch(`${path}?keep_secrets=true`, { transport: { url: written(attacker, "••••", "••••") } })).status).toBe(403);
    const kept = await admin().patch(`${path}?keep_secrets=true`, { transport: { url: written(attacker, "••••", "••••") } });
    expect(kept.status, kept.text).toBe(200);
    expect(await stored()).toBe(written(attacker));
    // Typed anew, they may go anywhere.
    const anew = await editor.patch(path, { transport: { url: written(peerHost, "typed-again", "typed-again-too") } });
    expect(anew.status, anew.text).toBe(200);
    expect(await stored()).toBe(written(peerHost, "typed-again", "typed-again-too"));
  });

  test("capabilities and agents holding inline literal secrets: their write answers are masked too", async () => {
    const editor = as("editor");
    const inline = { type: "http", url: peer.url, headers: { "X-Api-Key": secrets.apiKey } };
    const capability = `writes-cap-${tag}`;
    const agent = `writes-agent-${tag}`;
    expectMasked(await editor.post("/api/capabilities", { name: capability, description: "Inline", mcp_servers: { inline } }), "POST capability");
    expectMasked(await editor.patch(`/api/capabilities/${capability}`, {}), "PATCH capability {}");
    expectMasked(await editor.post(`/api/capabilities/${capability}/revisions/1/restore`), "restore capability");
    expectMasked(await editor.post("/api/agents", { name: agent, description: "Inline", mcp_servers: { inline } }), "POST agent");
    expectMasked(await editor.patch(`/api/agents/${agent}`, {}), "PATCH agent {}");
    expectMasked(await editor.post(`/api/agents/${agent}/revisions/1/restore`), "restore agent");
  });

  test("a secret variable's write answers never show its values, not even to the admin", async () => {
    const variable = `WRITES_SECRET_${tag.toUpperCase().replace(/[^A-Z0-9]/g, "")}`;
    const put = await admin().put(`/api/variables/${variable}`, { secret: true, value: secrets.token, environments: { prod: secrets.production }, scope: { hosts: ["127.0.0.1"] } });
    expectMasked(put, "PUT variable");
    expectMasked(await admin().patch(`/api/variables/${variable}`, { description: "Rotated soon" }), "PATCH variable");
  });
});
