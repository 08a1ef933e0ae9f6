import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { apiClient, type ApiClient } from "../support/api-client";
import { startPatchbay, type PatchbayProcess } from "../support/patchbay-process";
import { mintToken } from "../support/roles";
import { waitUntil } from "../support/wait-until";

/**
 * Issue 31: the first start as `npm start` makes it — demo data seeded, the scheduler on, PATCHBAY_STDIO_ALLOW
 * unset (its default admits the demo server's command line only) — gives a working MCP server: healthy by the
 * first sweep, its tools in the catalog, callable through the demo agent's gateway with a runner token.
 */
const ADMIN_TOKEN = "pb_demo_first_start_admin_token_0123456789";
let patchbay: PatchbayProcess;
let admin: ApiClient;
let client: Client | undefined;

beforeAll(async () => {
  patchbay = await startPatchbay({
    // An empty PATCHBAY_STDIO_ALLOW counts as unset: the default, whatever the test runner's environment holds.
    env: { PATCHBAY_AUTH: "on", PATCHBAY_ADMIN_TOKEN: ADMIN_TOKEN, PATCHBAY_SEED_DEMO: "true", PATCHBAY_HEALTH_INTERVAL_S: "300", PATCHBAY_STDIO_ALLOW: "" },
  });
  admin = apiClient(patchbay.baseUrl, { Authorization: `Bearer ${ADMIN_TOKEN}` });
}, 120_000);

afterAll(async () => {
  await client?.close();
  await patchbay?.stop();
});

describe("the demo's stdio server works on the first start (issue 31)", { timeout: 90_000 }, () => {
  test("the first sweep finds 'everything' healthy and its tools land in the catalog", async () => {
    const health = async () => (await admin.get("/api/mcp-servers/everything/health")).body.health as { status: string } | null;
    await waitUntil(async () => (await health())?.status === "healthy", 60_000, "the demo server 'everything' healthy");

    const tools = (await admin.get("/api/tools?server=everything")).body.tools as { name: string }[];
    expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(["echo", "get-sum", "get-tiny-image"]));
  });

  test("a runner calls its echo through the demo agent's gateway (/mcp/agents/researcher)", async () => {
    const runner = await mintToken(patchbay.baseUrl, ADMIN_TOKEN, "demo-runner", "runner");
    const transport = new StreamableHTTPClientTransport(new URL("/mcp/agents/researcher", patchbay.baseUrl), { requestInit: { headers: { Authorization: `Bearer ${runner}` } } });
    client = new Client({ name: "demo-first-start-test", version: "1.0.0" });
    await client.connect(transport);

    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toContain("everything.echo");
    const result = await client.callTool({ name: "everything.echo", arguments: { message: "hello from the first start" } });
    expect(result).toMatchObject({ content: [{ type: "text", text: "Echo: hello from the first start" }] });
    expect(result.isError ?? false).toBe(false);
  });

  test("its one network tool fetches nothing: gzip-file-as-resource refuses an http URL (the outbound policy stays the only way out)", async () => {
    const refused = await admin.post("/api/mcp-servers/everything/tools/gzip-file-as-resource/call", { arguments: { name: "x.gz", data: `${patchbay.baseUrl}/api/healthz`, outputType: "resource" } });
    expect(refused.status, refused.text).toBe(200);
    expect(refused.body).toMatchObject({ is_error: true, content: [{ type: "text", text: expect.stringContaining("Domain 127.0.0.1 is not in the allowed domains list") }] });
  });
});
