import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

import { describe, expect, test } from "vitest";

import { tempSqliteUrl } from "../support/patchbay-process";

/**
 * The CLI (`npm run patchbay -- …`, which is `tsx lib/cli/patchbay.ts …`) as a child process against a SQLite file of
 * its own. `node --import tsx` is tsx in one process instead of two: half the start-up on a shared machine.
 */
const run = promisify(execFile);

async function patchbay(databaseUrl: string, ...args: string[]) {
  const env = { ...process.env, DATABASE_URL: databaseUrl };
  return run(process.execPath, ["--import", "tsx", "lib/cli/patchbay.ts", ...args], { env, maxBuffer: 64 * 1024 * 1024 }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
}

const servers = {
  "context-store": {
    name: "context-store",
    description: "Document storage and semantic search",
    version: "1.0.0",
    transport: { type: "http", url: "${CONTEXT_STORE_URL}/mcp/", headers: { "X-Namespace": "{{namespace}}" } },
    parameters_schema: { type: "object", required: ["namespace"], properties: { namespace: { type: "string" } } },
    environments: { development: { url: "http://localhost:8766/mcp/" } },
    tags: ["storage", "search"],
  },
  orchestrator: {
    name: "orchestrator",
    description: "Agent orchestration tools",
    transport: { url: "${AGENT_ORCHESTRATOR_MCP_URL}", type: "http", headers: { "X-Agent-Session-Id": "${AGENT_SESSION_ID}" } },
  },
};

function seedDirectory(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "patchbay-cli-"));
  const write = (file: string, value: unknown) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), `${JSON.stringify(value, null, 2)}\n`);
  };
  for (const [name, server] of Object.entries(servers)) write(`mcp-servers/${name}/mcp-server.json`, server);
  write("capabilities/document-research/capability.json", { name: "document-research", description: "Research", mcp_servers: ["context-store"] });
  write("agents/researcher/agent.json", { name: "researcher", description: "Researcher", capabilities: ["document-research"] });
  return root;
}

describe("npm run patchbay -- import / export", { timeout: 120_000 }, () => {
  test("import <dir> in seed 003's layout, then export <dir>: the same files back", async () => {
    const databaseUrl = tempSqliteUrl("cli");
    const source = seedDirectory();

    const imported = await patchbay(databaseUrl, "import", source);
    expect(imported.code).toBe(0);
    expect(JSON.parse(imported.stdout)).toEqual({
      dry_run: false,
      format: "native",
      created: [{ name: "context-store" }, { name: "orchestrator" }, { name: "document-research", kind: "capability" }, { name: "researcher", kind: "agent" }],
      updated: [],
      skipped: [],
      renamed: [],
      errors: [],
    });
    expect(imported.stderr).toContain("Imported (native): 4 created, 0 updated, 0 skipped, 0 renamed, 0 errors");

    const target = fs.mkdtempSync(path.join(os.tmpdir(), "patchbay-cli-export-"));
    const exported = await patchbay(databaseUrl, "export", target);
    expect(exported.code).toBe(0);
    for (const name of Object.keys(servers)) {
      const file = `mcp-servers/${name}/mcp-server.json`;
      expect(fs.readFileSync(path.join(target, file), "utf8")).toBe(fs.readFileSync(path.join(source, file), "utf8"));
    }
    for (const file of ["capabilities/document-research/capability.json", "agents/researcher/agent.json"]) {
      expect(fs.readFileSync(path.join(target, file), "utf8")).toBe(fs.readFileSync(path.join(source, file), "utf8"));
    }
    expect(fs.readdirSync(target).sort()).toEqual(["agents", "capabilities", "mcp-servers"]);
  });

  test("import again: on_conflict=fail exits 1 with the report; --on-conflict skip exits 0; --dry-run writes nothing", async () => {
    const databaseUrl = tempSqliteUrl("cli");
    const source = seedDirectory();
    await patchbay(databaseUrl, "import", source);

    const refused = await patchbay(databaseUrl, "import", source);
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stdout).errors).toHaveLength(2);
    expect(refused.stderr).toContain("Nothing was imported");

    const skipped = await patchbay(databaseUrl, "import", source, "--on-conflict", "skip");
    expect(skipped.code).toBe(0);
    expect(JSON.parse(skipped.stdout).skipped.slice(0, 2)).toEqual([{ name: "context-store", reason: "already exists" }, { name: "orchestrator", reason: "already exists" }]);

    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "patchbay-cli-")), "claude.json");
    fs.writeFileSync(file, JSON.stringify({ mcpServers: { memory: { command: "npx", args: ["-y", "@modelcontextprotocol/server-memory"] } } }));
    const dry = await patchbay(databaseUrl, "import", file, "--dry-run");
    expect(JSON.parse(dry.stdout)).toMatchObject({ dry_run: true, format: "mcp-servers", created: [{ name: "memory" }] });

    const bundleFile = path.join(path.dirname(file), "bundle.json");
    await patchbay(databaseUrl, "export", bundleFile);
    const bundle = JSON.parse(fs.readFileSync(bundleFile, "utf8"));
    expect(bundle.mcp_servers.map((server: { name: string }) => server.name)).toEqual(["context-store", "orchestrator"]);
    expect(bundle.capabilities.map((capability: { name: string }) => capability.name)).toEqual(["document-research"]);
    expect(bundle.agents.map((agent: { name: string }) => agent.name)).toEqual(["researcher"]);
  });

  test("a bad option exits 2 with the usage", async () => {
    const result = await patchbay(tempSqliteUrl("cli"), "import", "somewhere", "--on-conflict", "merge");

    expect(result.code).toBe(2);
    expect(result.stderr).toContain("import <file|dir>");
  });
});
