import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";

import { apiClient } from "../support/api-client";
import { givenAgent, givenCapability, givenServer } from "../support/documents";
import { EVERYTHING_ENTRY, runInspector, startEverythingHttp } from "../support/mcp-peers";

const api = apiClient(inject("baseUrl"));

/**
 * A real client reads what Patchbay exports: an agent's `?format=claude` blueprint is written to a file
 * and the MCP Inspector CLI lists the tools of the reference server through each entry. Loopback only.
 */
describe("MCP Inspector CLI against an exported Claude config", () => {
  let everything: Awaited<ReturnType<typeof startEverythingHttp>>;
  let configFile: string;

  beforeAll(async () => {
    everything = await startEverythingHttp();
    const remote = await givenServer(api, "everything-http", { transport: { type: "http", url: everything.url } });
    const local = await givenServer(api, "everything-stdio", { transport: { type: "stdio", command: process.execPath, args: [EVERYTHING_ENTRY, "stdio"] } });
    const capability = await givenCapability(api, "inspector", { mcp_servers: { "everything-http": remote } });
    const agent = await givenAgent(api, "inspector", { capabilities: [capability], mcp_servers: { "everything-stdio": local } });

    const exported = await api.post(`/api/agents/${agent}/blueprint?format=claude`, {});
    expect(exported.status).toBe(200);
    configFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "patchbay-inspector-")), "claude_desktop_config.json");
    fs.writeFileSync(configFile, exported.text);
  });

  afterAll(async () => {
    await everything?.stop();
    if (configFile) fs.rmSync(path.dirname(configFile), { recursive: true, force: true });
  });

  test.each(["everything-http", "everything-stdio"])("tools/list through %s exits 0 and lists echo", async (alias) => {
    const result = await runInspector(configFile, alias, "tools/list");

    expect(result.code, result.stderr).toBe(0);
    const tools = (JSON.parse(result.stdout) as { tools: { name: string }[] }).tools.map((tool) => tool.name);
    expect(tools).toContain("echo");
  });
});
