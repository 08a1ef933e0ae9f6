import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { startToolsetPeer, type PeerTool, type ToolsetPeer } from "../../lib/tools/toolset-peer";
import { uniqueName, type ApiClient } from "../support/api-client";
import { useAuthedPatchbay } from "../support/authed-patchbay";
import { removeTempSqlite, tempSqliteUrl } from "../support/patchbay-process";

/** Seed 002 (DESIGN §19): the markdown tool registry imported as it is, into a server it creates. */
const SEED_FILE = path.join("../shared/seeds", fs.readdirSync("../shared/seeds").find((file) => file.startsWith("002_"))!);
const SEED = fs.readFileSync(SEED_FILE, "utf8");

const ADMIN_TOKEN = "pb_seed002_admin_token_0123456789";
const group = uniqueName("seed002");
const patchbay = useAuthedPatchbay({ adminToken: ADMIN_TOKEN, group, users: { alice: "editor", bob: "editor", viewer: "viewer" } });

const stringInputs = (...names: string[]) => ({ type: "object", properties: Object.fromEntries(names.map((name) => [name, { type: "string" }])) });
/** The tools seed 002 names, as a real MCP server serves them; BASH_EXECUTE says it is not destructive. */
const TOOLS: PeerTool[] = [
  { name: "BASH_EXECUTE", input_schema: stringInputs("command"), annotations: { destructiveHint: false } },
  { name: "DATABASE_QUERY", input_schema: stringInputs("connection_string", "query") },
  { name: "FILE_WRITE", input_schema: stringInputs("file_path", "content") },
  { name: "GIT_PUSH", input_schema: stringInputs("remote", "branch") },
];
let peer: ToolsetPeer;
let destructivePeer: ToolsetPeer;

beforeAll(async () => {
  [peer, destructivePeer] = await Promise.all([startToolsetPeer(TOOLS), startToolsetPeer([{ ...TOOLS[0], annotations: { destructiveHint: true } }])]);
}, 60_000);

afterAll(async () => {
  await Promise.all([peer?.close(), destructivePeer?.close()]);
});

const importSeed = (query: string, text = SEED) =>
  patchbay.admin.request("POST", `/api/import?format=tool-registry-md&${query}`, { rawBody: text, headers: { "Content-Type": "text/markdown" } });
const call = (client: ApiClient, server: string, tool: string, args: Record<string, unknown>, context: Record<string, unknown> = {}) =>
  client.post(`/api/mcp-servers/${server}/tools/${tool}/call`, { arguments: args, context });
const textOf = (body: { content: { text: string }[] }) => body.content.map((item) => item.text).join("");

describe("seed 002 import creates its server (DESIGN §19)", { timeout: 60_000 }, () => {
  test("?server=&url= creates the server from seed 002 and reports it created; a dry run writes nothing; the same again changes nothing", async () => {
    const name = `${group}-http`;
    const dry = await importSeed(`server=${name}&url=${encodeURIComponent(peer.url)}&dry_run=true`);
    expect(dry.status).toBe(200);
    expect(dry.body).toEqual({ dry_run: true, format: "tool-registry-md", created: [{ name }], updated: [], skipped: [], renamed: [], errors: [] });
    expect((await patchbay.admin.get(`/api/mcp-servers/${name}`)).status).toBe(404);

    const created = await importSeed(`server=${name}&url=${encodeURIComponent(peer.url)}`);
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ dry_run: false, format: "tool-registry-md", created: [{ name }], updated: [], skipped: [], renamed: [], errors: [] });
    const stored = (await patchbay.admin.get(`/api/mcp-servers/${name}?raw=true`)).body.mcp_server;
    expect(stored).toMatchObject({ name, description: "Tools declared by MCP REGISTRY", transport: { type: "http", url: peer.url } });
    expect(stored.tools).toHaveLength(29);
    expect(Object.keys(stored.tool_policy.tools)).toHaveLength(29);
    expect(stored.tool_policy.tools.FILE_DELETE).toMatchObject({ approval: "always" });

    const again = await importSeed(`server=${name}&url=${encodeURIComponent(peer.url)}`);
    expect(again.body).toMatchObject({ created: [], updated: [], skipped: [{ name, reason: "unchanged: identical to the stored definition" }] });
    expect((await patchbay.admin.get(`/api/mcp-servers/${name}?raw=true`)).headers.get("etag")).toBe('"1"');
  });

  test("?command= creates a stdio server from the command line", async () => {
    const name = `${group}-stdio`;
    const created = await importSeed(`server=${name}&command=${encodeURIComponent("node  tools/registry-server.js --verbose")}`);
    expect(created.status).toBe(200);
    expect(created.body.created).toEqual([{ name }]);
    const stored = (await patchbay.admin.get(`/api/mcp-servers/${name}?raw=true`)).body.mcp_server;
    expect(stored.transport).toEqual({ type: "stdio", command: "node", args: ["tools/registry-server.js", "--verbose"] });
  });

  test("bad input is a 400 naming the section or the field, and creates nothing", async () => {
    const name = `${group}-refused`;
    const url = encodeURIComponent(peer.url);
    const noPurpose = SEED.replace("**Purpose**: Show working tree status\n", "");
    const line = noPurpose.split("\n").indexOf("## GIT_STATUS") + 1;
    const refused = await importSeed(`server=${name}&url=${url}`, noPurpose);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ path: `/line/${line}`, message: "section 'GIT_STATUS' has no **Purpose**" }]);

    const neither = await importSeed(`server=${name}`);
    expect(neither.status).toBe(400);
    expect(neither.body.errors).toEqual([{ path: "/url", message: "is required to create the server (or command)" }]);
    expect(neither.body.detail).toContain(`'${name}' does not exist`);

    const both = await importSeed(`server=${name}&url=${url}&command=node`);
    expect(both.status).toBe(400);
    expect(both.body.errors).toEqual([{ path: "/command", message: "cannot be given with url" }]);

    const notHttp = await importSeed(`server=${name}&url=${encodeURIComponent("ftp://example.com/mcp")}`);
    expect(notHttp.status).toBe(400);
    expect(notHttp.body.errors.map((error: { path: string }) => error.path)).toEqual(["/url"]);

    const badName = await importSeed(`server=${encodeURIComponent("no spaces please")}&url=${url}`);
    expect(badName.status).toBe(400);
    expect(badName.body.errors.map((error: { path: string }) => error.path)).toEqual(["/server"]);

    expect((await patchbay.admin.get(`/api/mcp-servers/${name}`)).status).toBe(404);
    expect((await patchbay.admin.get("/api/mcp-servers?limit=500")).body.mcp_servers.map((server: { name: string }) => server.name)).not.toContain(name);
  });

  test("enumerated inputs become enum; Outputs the tool's output_description", async () => {
    const name = `${group}-http`;
    const { tools } = (await patchbay.as.viewer.get(`/api/mcp-servers/${name}?raw=true`)).body.mcp_server as { tools: { name: string; input_schema: { properties: Record<string, unknown> }; output_description: string }[] };
    const tool = (named: string) => tools.find((candidate) => candidate.name === named)!;
    expect(tool("GREP_SEARCH").input_schema.properties.output_mode).toEqual({ type: "string", enum: ["content", "files_with_matches", "count"], description: "\"content\" | \"files_with_matches\" | \"count\"" });
    expect(tool("NOTIFICATION_SEND").input_schema.properties.priority).toMatchObject({ type: "string", enum: ["low", "medium", "high", "critical"] });
    expect(tool("FILE_READ").output_description).toBe("File contents with line numbers\nError if file not found or permission denied");
    expect(tool("GIT_STATUS").output_description).toBe("Staged changes\nUnstaged changes\nUntracked files\nBranch information");
  });
});

describe("seed 002's CONDITIONAL states on real calls", { timeout: 60_000 }, () => {
  const safe = `${group}-calls`;
  const destructive = `${group}-destructive`;

  beforeAll(async () => {
    const created = await Promise.all([
      importSeed(`server=${safe}&url=${encodeURIComponent(peer.url)}`),
      importSeed(`server=${destructive}&url=${encodeURIComponent(destructivePeer.url)}`),
    ]);
    expect(created.map((response) => response.body.created)).toEqual([[{ name: safe }], [{ name: destructive }]]);
    // Discovery records each tool's annotations, which "destructive operations only" reads.
    for (const name of [safe, destructive]) expect((await patchbay.as.alice.post(`/api/mcp-servers/${name}/test`, {})).body.status).toBe("healthy");
  });

  test("BASH_EXECUTE (destructive operations only) asks only where the tool may be destructive", async () => {
    const runs = await call(patchbay.as.alice, safe, "BASH_EXECUTE", { command: "ls" });
    expect(runs.body).toMatchObject({ is_error: false });
    expect(textOf(runs.body)).toBe("BASH_EXECUTE ran");
    const held = await call(patchbay.as.alice, destructive, "BASH_EXECUTE", { command: "ls" });
    expect(held.body).toMatchObject({ is_error: true, approval: { state: "awaiting_approval" } });
    expect(destructivePeer.calls.BASH_EXECUTE).toBeUndefined();
  });

  test("DATABASE_QUERY (SELECT queries: no approval) runs one SELECT and holds anything else, a smuggled statement included", async () => {
    const select = await call(patchbay.as.alice, safe, "DATABASE_QUERY", { connection_string: "db", query: "SELECT * FROM users" });
    expect(select.body).toMatchObject({ is_error: false });
    for (const query of ["DELETE FROM users", "SELECT 1; DROP TABLE users"]) {
      const held = await call(patchbay.as.alice, safe, "DATABASE_QUERY", { connection_string: "db", query });
      expect(held.body).toMatchObject({ is_error: true, approval: { state: "awaiting_approval" } });
    }
    expect(peer.calls.DATABASE_QUERY).toBe(1);
  });

  test("FILE_WRITE asks outside the task workspace only; GIT_PUSH (no mechanical condition) always asks, showing its condition", async () => {
    const inside = await call(patchbay.as.alice, safe, "FILE_WRITE", { file_path: "/srv/Working/TASK_7/notes.md", content: "x" });
    expect(inside.body).toMatchObject({ is_error: false });
    const escaping = await call(patchbay.as.alice, safe, "FILE_WRITE", { file_path: "/srv/Working/TASK_7/../../../etc/passwd", content: "x" });
    expect(escaping.body).toMatchObject({ is_error: true, approval: { state: "awaiting_approval" } });
    expect(peer.calls.FILE_WRITE).toBe(1);

    const push = await call(patchbay.as.alice, safe, "GIT_PUSH", { branch: "feature" });
    expect(push.body).toMatchObject({ is_error: true, approval: { state: "awaiting_approval" } });
    const request = await patchbay.as.bob.get(`/api/approvals/${push.body.approval.id}`);
    expect(request.body.conditions).toEqual([
      "Task state: IN_PROGRESS", "Commits exist locally", "Not force push to protected branches",
      "Required approval state: CONDITIONAL (protected branches require approval)",
    ]);
  });
});

describe("approvals carry rationale, priority and a deny's reason; GET /api/approvals/{id}", { timeout: 60_000 }, () => {
  const server = `${group}-calls`;

  test("the caller's rationale and priority ride on the request; a viewer reads it by id; a deny keeps its reason", async () => {
    const held = await call(patchbay.as.alice, server, "GIT_PUSH", { branch: "main" }, { rationale: "Release 2.0 is tagged", priority: "high" });
    const id = held.body.approval.id;
    const read = await patchbay.as.viewer.get(`/api/approvals/${id}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      id, kind: "tool_call", server, tool: "GIT_PUSH", state: "awaiting_approval", requested_by: `${group}-alice`,
      rationale: "Release 2.0 is tagged", priority: "high", reason: null, arguments: { branch: "main" },
    });
    expect(read.body.conditions).toContain("Required approval state: CONDITIONAL (protected branches require approval)");
    const listed = (await patchbay.as.viewer.get("/api/approvals?state=awaiting_approval")).body.approvals.find((approval: { id: string }) => approval.id === id);
    expect(listed).toEqual(read.body);

    // Bad bodies are 400s naming the field, and decide nothing.
    const empty = await patchbay.as.bob.post(`/api/approvals/${id}/deny`, { reason: "  " });
    expect(empty.status).toBe(400);
    expect(empty.body.errors.map((error: { path: string }) => error.path)).toEqual(["/reason"]);
    const unknown = await patchbay.as.bob.post(`/api/approvals/${id}/deny`, { reason: "no", approve: true });
    expect(unknown.status).toBe(400);
    const notJson = await patchbay.as.bob.request("POST", `/api/approvals/${id}/deny`, { rawBody: "not json", headers: { "Content-Type": "application/json" } });
    expect(notJson.status).toBe(400);
    expect((await patchbay.as.viewer.get(`/api/approvals/${id}`)).body.state).toBe("awaiting_approval");

    const denied = await patchbay.as.bob.post(`/api/approvals/${id}/deny`, { reason: "main is protected: open a pull request" });
    expect(denied.status).toBe(200);
    expect(denied.body).toMatchObject({ id, state: "denied", decided_by: `${group}-bob`, reason: "main is protected: open a pull request" });
    expect((await patchbay.as.alice.get(`/api/approvals/${id}`)).body.reason).toBe("main is protected: open a pull request");
    const audit = await patchbay.as.viewer.get(`/api/audit?entity_type=approval&name=${server}`);
    expect(audit.body.entries[0]).toMatchObject({ action: "approval.deny", actor: `${group}-bob` });
  });

  test("a priority that is not one of seed 002's is not kept; an approve records no reason", async () => {
    const held = await call(patchbay.as.alice, server, "GIT_PUSH", { branch: "release" }, { priority: "urgent!!" });
    const id = held.body.approval.id;
    expect((await patchbay.as.viewer.get(`/api/approvals/${id}`)).body).toMatchObject({ priority: null, rationale: null });
    const approved = await patchbay.as.bob.post(`/api/approvals/${id}/approve`);
    expect(approved.body).toMatchObject({ state: "approved", reason: null });
  });

  test("reading one approval takes what the list takes: a token (401 without), and an id that exists (404)", async () => {
    const anyId = (await patchbay.as.viewer.get("/api/approvals?limit=1")).body.approvals[0].id;
    const anonymous = await fetch(`${patchbay.process.baseUrl}/api/approvals/${anyId}`);
    expect(anonymous.status).toBe(401);
    expect((await fetch(`${patchbay.process.baseUrl}/api/approvals`)).status).toBe(401);
    expect((await patchbay.as.viewer.get("/api/approvals/no-such-id")).status).toBe(404);
  });
});

describe("npm run patchbay -- import --format tool-registry-md", { timeout: 120_000 }, () => {
  const run = promisify(execFile);
  const cli = (databaseUrl: string, ...args: string[]) =>
    run(process.execPath, ["--import", "tsx", "lib/cli/patchbay.ts", ...args], { env: { ...process.env, DATABASE_URL: databaseUrl } }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
    );

  test("--server --url creates the server from seed 002; without --url or --command it fails naming the field", async () => {
    const databaseUrl = tempSqliteUrl("cli-seed002");
    const copy = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "patchbay-seed002-")), "registry.md");
    fs.copyFileSync(SEED_FILE, copy);
    try {
      const missing = await cli(databaseUrl, "import", copy, "--format", "tool-registry-md", "--server", "registry");
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain("/url: is required to create the server (or command)");

      const created = await cli(databaseUrl, "import", copy, "--format", "tool-registry-md", "--server", "registry", "--url", "http://127.0.0.1:9/mcp");
      expect(created.code).toBe(0);
      expect(JSON.parse(created.stdout)).toEqual({ dry_run: false, format: "tool-registry-md", created: [{ name: "registry" }], updated: [], skipped: [], renamed: [], errors: [] });
      expect(created.stderr).toContain("Imported (tool-registry-md): 1 created, 0 updated");

      const exported = path.join(path.dirname(copy), "bundle.json");
      expect((await cli(databaseUrl, "export", exported)).code).toBe(0);
      const [server] = JSON.parse(fs.readFileSync(exported, "utf8")).mcp_servers;
      expect(server).toMatchObject({ name: "registry", transport: { type: "http", url: "http://127.0.0.1:9/mcp" } });
      expect(server.tools).toHaveLength(29);

      // The same file again: the server exists (--command is ignored for it) and nothing changes, so nothing is written.
      const again = await cli(databaseUrl, "import", copy, "--format", "tool-registry-md", "--server", "registry", "--command", "node server.js");
      expect(JSON.parse(again.stdout)).toMatchObject({ created: [], updated: [], skipped: [{ name: "registry", reason: "unchanged: identical to the stored definition" }] });
      const misplaced = await cli(databaseUrl, "import", copy, "--server", "registry");
      expect(misplaced.code).toBe(2);
      expect(misplaced.stderr).toContain("--server, --url and --command go with --format tool-registry-md");
    } finally {
      removeTempSqlite(databaseUrl);
    }
  });
});
