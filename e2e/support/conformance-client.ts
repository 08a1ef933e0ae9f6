/**
 * The conformance suite's client under test is Patchbay (DESIGN §17's referee): the suite starts a scenario's
 * server and runs this glue with its URL. The glue registers that URL as a server in a running Patchbay, connects
 * it when the scenario is about authorization (following the authorization redirect back to Patchbay's callback
 * as a browser would), then lists and calls its tools through an agent gateway — so every request the scenario's
 * server sees is one Patchbay sent. The glue speaks the revision the suite runs the scenario at
 * (MCP_CONFORMANCE_PROTOCOL_VERSION), as a client of that revision would. Exits 0 when that worked.
 *
 *   PATCHBAY_URL=<base> PATCHBAY_TOKEN=<admin token> MCP_CONFORMANCE_SCENARIO=<s> [MCP_CONFORMANCE_CONTEXT=<json>]
 *   tsx e2e/support/conformance-client.ts <server-url>
 */
import { randomBytes } from "node:crypto";

import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from "@modelcontextprotocol/client";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";

type Context = { client_id?: string; client_secret?: string; toolCalls?: { name: string; arguments: Record<string, unknown> }[] };
type ToolListing = { name: string; inputSchema?: { properties?: Record<string, { type?: unknown; default?: unknown; enum?: unknown[] }>; required?: string[] } };

const REDIRECTS_FOLLOWED = 10;
/**
 * The suite runs a revision's scenarios side by side: under that load a tool that asks this glue something
 * (elicitation) can wait longer than the SDK's 60 s request timeout or a server's default 30 s call timeout. Both
 * are raised to just under the referee's per-scenario limit, so the suite, not the glue, decides when it is too long.
 */
const CALL_TIMEOUT_MS = 110_000;
const ENVIRONMENT = "development";

const serverUrl = process.argv[2];
const base = required("PATCHBAY_URL");
const admin = { Authorization: `Bearer ${required("PATCHBAY_TOKEN")}` };
const scenario = required("MCP_CONFORMANCE_SCENARIO");
const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? "{}") as Context;
const suffix = randomBytes(4).toString("hex");
const name = `conformance-${scenario.replace(/[^a-z0-9]+/gi, "-").toLowerCase()}-${suffix}`.slice(0, 63);

if (!serverUrl) fail("usage: conformance-client.ts <server-url>");
await main().catch((error: unknown) => fail(error instanceof Error ? (error.stack ?? error.message) : String(error)));

async function main(): Promise<void> {
  const isAuth = scenario.startsWith("auth/");
  await send("POST", "/api/mcp-servers", {
    name, description: `conformance scenario ${scenario}`, version: "1.0.0", transport: { type: "http", url: serverUrl }, resilience: { timeout_ms: CALL_TIMEOUT_MS },
    ...(isAuth ? { auth: { type: "oauth", ...(await preRegisteredClient()) } } : {}),
  });
  if (isAuth) await connect();
  await send("POST", `/api/mcp-servers/${name}/test`, {});
  // A Test that finds the connection refused (an authorization server that changed, a scope wanted): connect again, once.
  if (isAuth && (await asksToConnectAgain())) {
    await connect();
    await send("POST", `/api/mcp-servers/${name}/test`, {});
  }
  await send("POST", "/api/agents", { name, description: `conformance scenario ${scenario}`, mcp_servers: { [name]: { server: name, names: "bare" } } });
  await callThroughGateway(isAuth);
}

/** A scenario's pre-registered client: its secret becomes a `${VAR}` secret scoped to this server (DESIGN §10, §17). */
async function preRegisteredClient(): Promise<{ client?: Record<string, string> }> {
  if (!context.client_id) return {};
  if (context.client_secret === undefined) return { client: { client_id: context.client_id } };
  const variable = `CONFORMANCE_SECRET_${suffix.toUpperCase()}`;
  await send("PUT", `/api/variables/${variable}`, { secret: true, value: context.client_secret, scope: { servers: [name] } });
  return { client: { client_id: context.client_id, client_secret: `\${${variable}}` } };
}

/** Asks Patchbay for the authorization URL and follows it as a browser would, until Patchbay's callback has answered. */
async function connect(): Promise<void> {
  const { authorization_url: authorizationUrl } = (await send("POST", `/api/mcp-servers/${name}/oauth/connect`, { environment: ENVIRONMENT })) as { authorization_url: string };
  let location = authorizationUrl;
  for (let hop = 0; hop < REDIRECTS_FOLLOWED; hop++) {
    const isPatchbay = new URL(location).origin === new URL(base).origin;
    // The browser that started the connection is the admin's: the callback is bound to who started it.
    const response = await fetch(location, { redirect: "manual", headers: isPatchbay ? admin : {} });
    await response.arrayBuffer();
    const next = response.headers.get("location");
    if (isPatchbay && new URL(location).pathname.startsWith("/oauth/callback")) return;
    if (!next || response.status < 300 || response.status >= 400) throw new Error(`the authorization redirect stopped at ${location}: HTTP ${response.status}`);
    location = new URL(next, location).href;
  }
  throw new Error(`more than ${REDIRECTS_FOLLOWED} redirects from ${authorizationUrl}`);
}

type GatewayClient = {
  listTools(): Promise<{ tools: unknown[] }>;
  callTool(call: { name: string; arguments: Record<string, unknown> }): Promise<unknown>;
  close(): Promise<void>;
};

/** Lists the agent's tools through its gateway and calls each: with the scenario's arguments, or ones made from its schema. */
async function callThroughGateway(isAuth: boolean): Promise<void> {
  const client = await openGatewayClient(new URL(`${base}/mcp/agents/${name}`));
  try {
    const { tools } = await client.listTools();
    const calls = context.toolCalls ?? (tools as ToolListing[]).map((tool) => ({ name: tool.name, arguments: argumentsFor(tool) }));
    for (const call of calls) {
      const attempt = () => client.callTool(call).catch((error: unknown) => ({ thrown: error }));
      let result = await attempt();
      // As the person on the server's page would: connect again when Patchbay says so (step-up, a refused token), once.
      if (isAuth && isFailure(result) && (await asksToConnectAgain())) {
        await connect();
        result = await attempt();
      }
      if (typeof result === "object" && result !== null && "thrown" in result) throw result.thrown;
    }
  } finally {
    await client.close();
  }
}

function isFailure(result: unknown): boolean {
  return typeof result === "object" && result !== null && ("thrown" in result || (result as { isError?: unknown }).isError === true);
}

/** The connection's state on Patchbay's API (DESIGN §17): expired, or asking for scopes the server wants. */
async function asksToConnectAgain(): Promise<boolean> {
  const { connections } = (await send("GET", `/api/mcp-servers/${name}/oauth`)) as { connections: { environment: string; status: string; step_up_scopes: string[] }[] };
  const connection = connections.find((candidate) => candidate.environment === ENVIRONMENT);
  return connection !== undefined && (connection.status === "expired" || connection.step_up_scopes.length > 0);
}

/**
 * A client of the scenario's revision: SDK 2.x pinned to 2026-07-28, or SDK 1.x for 2025-11-25. Whatever an
 * upstream asks while a tool runs is accepted with no values: defaults are the client's to apply.
 */
async function openGatewayClient(url: URL): Promise<GatewayClient> {
  const requestInit = { headers: admin };
  if (process.env.MCP_CONFORMANCE_PROTOCOL_VERSION === "2026-07-28") {
    const modern = new ModernClient({ name: "patchbay-conformance-glue", version: "1.0.0" }, {
      capabilities: { elicitation: { form: { applyDefaults: true } } }, versionNegotiation: { mode: { pin: "2026-07-28" } }, inputRequired: { autoFulfill: true },
    });
    modern.setRequestHandler("elicitation/create", async () => ({ action: "accept", content: {} }));
    await modern.connect(new ModernTransport(url, { requestInit }));
    return { listTools: () => modern.listTools(), callTool: (call) => modern.callTool(call, { timeout: CALL_TIMEOUT_MS }), close: () => modern.close() };
  }
  const legacy = new Client({ name: "patchbay-conformance-glue", version: "1.0.0" }, { capabilities: { elicitation: { form: { applyDefaults: true } } } });
  legacy.setRequestHandler(ElicitRequestSchema, async () => ({ action: "accept", content: {} }));
  await legacy.connect(new StreamableHTTPClientTransport(url, { requestInit }));
  return { listTools: () => legacy.listTools(), callTool: (call) => legacy.callTool(call, undefined, { timeout: CALL_TIMEOUT_MS }), close: () => legacy.close() };
}

/** Each required property: its default, its first enum value, or a plain value of its type. */
function argumentsFor(tool: ToolListing): Record<string, unknown> {
  const properties = tool.inputSchema?.properties ?? {};
  return Object.fromEntries((tool.inputSchema?.required ?? []).map((key) => [key, valueFor(properties[key] ?? {})]));
}

function valueFor(property: { type?: unknown; default?: unknown; enum?: unknown[] }): unknown {
  if (property.default !== undefined) return property.default;
  if (property.enum?.length) return property.enum[0];
  const type = Array.isArray(property.type) ? property.type[0] : property.type;
  return { number: 1, integer: 1, boolean: true, object: {}, array: [], null: null }[type as string] ?? "conformance";
}

async function send(method: string, path: string, body?: unknown): Promise<unknown> {
  const init = body === undefined ? { method, headers: admin } : { method, headers: { ...admin, "Content-Type": "application/json" }, body: JSON.stringify(body) };
  const response = await fetch(`${base}${path}`, init);
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

function required(variable: string): string {
  const value = process.env[variable];
  if (!value) fail(`${variable} is not set`);
  return value!;
}

function fail(message: string): never {
  console.error(`conformance-client: ${message}`);
  process.exit(1);
}
