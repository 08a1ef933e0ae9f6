import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { apiClient, httpServer, uniqueName } from "../support/api-client";
import { mintClient, type TestRole } from "../support/roles";
import { startPatchbay, type PatchbayProcess } from "../support/patchbay-process";
import { waitUntil } from "../support/wait-until";

/**
 * DESIGN §14 "stdio patterns". The attack: with `npx -y @modelcontextprotocol/*` allowed, an editor writes a package
 * spec that makes npx fetch and run code from anywhere — a tarball URL, a git URL, an npm alias, a local directory.
 * Each package below is real: were npx ever run on one, its bin would write the marker file, and the URL forms would
 * connect to the loopback listener. A literal entry (the control) shows npx does run here, so "nothing ran" means it.
 */
const ADMIN_TOKEN = "pb_stdio_patterns_admin_token_0123456789";
const dir = mkdtempSync(path.join(tmpdir(), "patchbay-stdio-patterns-"));
const attackPackage = path.join(dir, "attack");
const controlPackage = path.join(dir, "control");
const marker = path.join(dir, "npx-ran");
const controlMarker = path.join(dir, "control-ran");
for (const packageDir of [attackPackage, controlPackage]) {
  mkdirSync(packageDir);
  writeFileSync(path.join(packageDir, "package.json"), JSON.stringify({ name: "@modelcontextprotocol/server-x", version: "1.0.0", bin: { "server-x": "bin.js" } }));
  writeFileSync(path.join(packageDir, "bin.js"), `#!/usr/bin/env node\nrequire("fs").writeFileSync(process.env.MARKER, "ran");\n`, { mode: 0o755 });
}
const STDIO_ALLOW = `npx -y @modelcontextprotocol/*, npx -y @modelcontextprotocol/*@file:${controlPackage}`;

let patchbay: PatchbayProcess;
let listener: net.Server;
let connections = 0;
let editor: ReturnType<typeof apiClient>;
let viewer: ReturnType<typeof apiClient>;

beforeAll(async () => {
  listener = net.createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
  patchbay = await startPatchbay({
    env: {
      PATCHBAY_AUTH: "on", PATCHBAY_ADMIN_TOKEN: ADMIN_TOKEN, PATCHBAY_SEED_DEMO: "false", PATCHBAY_STDIO_ALLOW: STDIO_ALLOW,
      PATCHBAY_HEALTH_INTERVAL_S: "1", PATCHBAY_HEALTH_TIMEOUT_MS: "60000", PATCHBAY_RATE_TESTS_PER_MIN: "10000", PATCHBAY_RATE_WRITES_PER_MIN: "10000",
    },
  });
  const mint = (role: TestRole) => mintClient(patchbay.baseUrl, ADMIN_TOKEN, uniqueName(`stdio-${role}`), role);
  [editor, viewer] = await Promise.all([mint("editor"), mint("viewer")]);
}, 60_000);

afterAll(async () => {
  await patchbay?.stop();
  await new Promise<void>((resolve) => (listener ? listener.close(() => resolve()) : resolve()));
});

const loopback = () => `127.0.0.1:${(listener.address() as net.AddressInfo).port}`;
/** The refusal, then how to allow that exact command line (lib/mcp/refuse-before-connecting.ts). */
const REASON = expect.stringMatching(/^stdio arguments not allowed by PATCHBAY_STDIO_ALLOW for npx\. To run /);

describe("PATCHBAY_STDIO_ALLOW patterns: '*' matches [A-Za-z0-9._-] only (DESIGN §14)", { timeout: 120_000 }, () => {
  test("package specs that fetch from elsewhere are skipped naming the allowlist, on Test and in every sweep, and nothing runs", async () => {
    const specs = [
      ["tarball-https", () => `@modelcontextprotocol/server-x@https://${loopback()}/p.tgz`],
      ["tarball-http", () => `@modelcontextprotocol/server-x@http://${loopback()}/p.tgz`],
      ["git", () => `@modelcontextprotocol/server-x@git+http://${loopback()}/evil.git`],
      ["alias", () => "@modelcontextprotocol/server-x@npm:left-pad@1"],
      ["directory", () => `@modelcontextprotocol/server-x@file:${attackPackage}`],
      ["relative-directory", () => `@modelcontextprotocol/server-x@file:${path.relative(process.cwd(), attackPackage)}`],
    ] as const;
    const names: string[] = [];
    for (const [label, spec] of specs) {
      const name = uniqueName(`npx-${label}`);
      const created = await editor.post("/api/mcp-servers", httpServer(name, { transport: { type: "stdio", command: "npx", args: ["-y", spec()], env: { MARKER: marker } } }));
      expect(created.status, label).toBe(201);
      const tested = await editor.post(`/api/mcp-servers/${name}/test`, {});
      expect(tested.body, label).toMatchObject({ status: "skipped", reason: REASON, latency_ms: null });
      names.push(name);
    }

    // The scheduled sweep judges the same lines the same way: at least two sweeps after the Test, all skipped.
    const historyOf = async (name: string) => (await viewer.get(`/api/mcp-servers/${name}/health`)).body.history as { status: string; reason: string }[];
    for (const name of names) await waitUntil(async () => (await historyOf(name)).length >= 3, 60_000, `two sweeps of ${name}`);
    for (const name of names) {
      const history = await historyOf(name);
      expect(history.map((entry) => [entry.status, entry.reason])).toEqual(history.map(() => ["skipped", REASON]));
    }
    expect(existsSync(marker)).toBe(false);
    expect(connections).toBe(0);
  });

  test("the control: a line the allowlist spells out does run npx here (so the marker would have shown an attack)", async () => {
    const name = uniqueName("npx-control");
    const created = await editor.post("/api/mcp-servers", httpServer(name, { transport: { type: "stdio", command: "npx", args: ["-y", `@modelcontextprotocol/server-x@file:${controlPackage}`], env: { MARKER: controlMarker } } }));
    expect(created.status).toBe(201);
    const tested = await editor.post(`/api/mcp-servers/${name}/test`, {});
    expect(tested.body.status).not.toBe("skipped");
    await waitUntil(() => existsSync(controlMarker), 60_000, "the allowed npx line ran");
    expect(existsSync(marker)).toBe(false);
  });
});
