import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, expect, test } from "vitest";

import { apiClient, httpServer, uniqueName } from "../support/api-client";
import { startPatchbay, type PatchbayProcess } from "../support/patchbay-process";

let patchbay: PatchbayProcess | undefined;
const script = `process.on("SIGTERM", () => {}); require("fs").writeFileSync(process.env.PID_FILE, String(process.pid)); setInterval(() => {}, 1000);`;
/** The stubborn child as a script file, allowed as that one whole command line (a `*` never matches code, DESIGN §14). */
const scriptFile = path.join(mkdtempSync(path.join(tmpdir(), "patchbay-shutdown-script-")), "stubborn.js");
writeFileSync(scriptFile, script);
const STDIO_ALLOW = `node ${scriptFile}`;

/** Running, and not a zombie waiting to be reaped (this machine's init may never reap it). */
function isRunning(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}
afterAll(async () => patchbay?.stop());

/** Starts Patchbay with `env` on top of the defaults and registers the stubborn child as a stdio server. */
async function startWithStubbornServer(label: string, env: Record<string, string> = {}) {
  patchbay = await startPatchbay({ env: { PATCHBAY_AUTH: "off", PATCHBAY_SEED_DEMO: "false", PATCHBAY_STDIO_ALLOW: STDIO_ALLOW, ...env } });
  const api = apiClient(patchbay.baseUrl);
  const pidFile = path.join(mkdtempSync(path.join(tmpdir(), "patchbay-shutdown-")), "child.pid");
  const name = uniqueName(label);
  await api.post("/api/mcp-servers", httpServer(name, { transport: { type: "stdio", command: "node", args: [scriptFile], env: { PID_FILE: pidFile } } }));
  return { api, name, pidFile };
}

/** The child's pid once it has written it (within `timeout` ms); it is running then. */
async function childPidOnceStarted(pidFile: string, timeout: number): Promise<number> {
  await expect.poll(() => existsSync(pidFile), { timeout }).toBe(true);
  const childPid = Number(readFileSync(pidFile, "utf8"));
  expect(isRunning(childPid)).toBe(true);
  return childPid;
}

/** Only Patchbay gets the signal (not its process group), so the child can only die by Patchbay's hand. */
async function expectSigtermEndsBoth(childPid: number): Promise<void> {
  process.kill(patchbay!.pid, "SIGTERM");
  await expect.poll(() => isRunning(patchbay!.pid), { timeout: 10_000 }).toBe(false);
  await expect.poll(() => isRunning(childPid), { timeout: 3_000 }).toBe(false);
}

test("SIGTERM to Patchbay ends a running stdio probe's child, even one that ignores SIGTERM (SIGKILL follows)", async () => {
  const { api, name, pidFile } = await startWithStubbornServer("stubborn");
  const testing = api.post(`/api/mcp-servers/${name}/test`, {}).catch(() => null);
  const childPid = await childPidOnceStarted(pidFile, 15_000);

  await expectSigtermEndsBoth(childPid);
  await testing;
});

test("SIGTERM to Patchbay also ends a stubborn stdio child that a scheduled sweep (in the worker thread) started", async () => {
  const { pidFile } = await startWithStubbornServer("stubborn-swept", { PATCHBAY_HEALTH_INTERVAL_S: "1", PATCHBAY_HEALTH_TIMEOUT_MS: "600000" });
  const childPid = await childPidOnceStarted(pidFile, 30_000);

  await expectSigtermEndsBoth(childPid);
});
