import { EVERYTHING, startEverything, type EverythingServer } from "../../lib/mcp/test-peers";
import { apiClient, httpServer, uniqueName } from "./api-client";
import { startPatchbay, type PatchbayProcess } from "./patchbay-process";

const ADMIN_TOKEN = "pb_gateway_admin_token_0123456789";
/** The reference server over stdio, as one whole command line (DESIGN §7). */
export const EVERYTHING_STDIO_ALLOW = `node ${EVERYTHING} stdio`;

/** One alias per transport: the agent's tools are `http.echo`, `sse.echo`, `stdio.echo` … */
export const ALIASES = ["http", "sse", "stdio"] as const;

export type GatewayFixture = {
  patchbay: PatchbayProcess;
  admin: ReturnType<typeof apiClient>;
  runnerToken: string;
  agent: string;
  capability: string;
  /** Registry server name per alias. */
  servers: Record<(typeof ALIASES)[number], string>;
  gatewayUrl(kind: "agents" | "capabilities", name: string, environment?: string): URL;
  stop(): Promise<void>;
};

/**
 * A Patchbay with auth on, and an agent whose capability references `server-everything` over streamable HTTP,
 * SSE and stdio at once; each server is tested once so the catalog holds its tools. Loopback only.
 */
export async function startGatewayFixture(env: Record<string, string> = {}): Promise<GatewayFixture> {
  const [patchbay, streamable, sse] = await Promise.all([
    startPatchbay({ env: { PATCHBAY_AUTH: "on", PATCHBAY_ADMIN_TOKEN: ADMIN_TOKEN, PATCHBAY_SEED_DEMO: "false", PATCHBAY_STDIO_ALLOW: EVERYTHING_STDIO_ALLOW, PATCHBAY_RATE_TESTS_PER_MIN: "10000", ...env } }),
    startEverything("streamableHttp"),
    startEverything("sse"),
  ]);
  const peers: EverythingServer[] = [streamable, sse];
  const stop = async () => void (await Promise.all([patchbay.stop(), ...peers.map((peer) => peer.stop())]));
  try {
    const admin = apiClient(patchbay.baseUrl, { Authorization: `Bearer ${ADMIN_TOKEN}` });
    const transports = {
      http: { type: "http", url: `http://127.0.0.1:${streamable.port}/mcp` },
      sse: { type: "sse", url: `http://127.0.0.1:${sse.port}/sse` },
      stdio: { type: "stdio", command: "node", args: [EVERYTHING, "stdio"] },
    };
    const servers = Object.fromEntries(ALIASES.map((alias) => [alias, uniqueName(`gw-${alias}`)])) as GatewayFixture["servers"];
    for (const alias of ALIASES) {
      await expectStatus(admin.post("/api/mcp-servers", httpServer(servers[alias], { transport: transports[alias] })), 201, `creating ${alias}`);
      await expectStatus(admin.post(`/api/mcp-servers/${servers[alias]}/test`, {}), 200, `testing ${alias}`);
    }
    const capability = uniqueName("gw-cap");
    const agent = uniqueName("gw-agent");
    await expectStatus(admin.post("/api/capabilities", { name: capability, description: "Everything three ways", mcp_servers: servers }), 201, "creating the capability");
    await expectStatus(admin.post("/api/agents", { name: agent, description: "Gateway agent", capabilities: [capability] }), 201, "creating the agent");
    const minted = await expectStatus(admin.post("/api/tokens", { name: uniqueName("gw-runner"), role: "runner" }), 201, "minting a runner token");

    return {
      patchbay, admin, runnerToken: minted.body.token, agent, capability, servers, stop,
      gatewayUrl: (kind, name, environment) => new URL(`/mcp/${kind}/${name}${environment ? `?environment=${environment}` : ""}`, patchbay.baseUrl),
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function expectStatus<T extends { status: number; text: string }>(pending: Promise<T>, status: number, what: string): Promise<T> {
  const response = await pending;
  if (response.status !== status) throw new Error(`${what}: ${response.status} ${response.text}`);
  return response;
}
