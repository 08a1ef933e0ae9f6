import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";

import { afterAll, describe, expect, test } from "vitest";

import { pinnedNodePath, pinnedNodeVersion } from "../../lib/cli/pinned-node";
import { freePort, removeTempSqlite, startPatchbay, stopProcess, TEST_ENV, tempSqliteUrl, type PatchbayProcess } from "../support/patchbay-process";
import { waitUntil } from "../support/wait-until";

const PINNED = pinnedNodeVersion();
const PINNED_BINARY = fs.realpathSync(pinnedNodePath());

/** The binary a running process executes, as the kernel sees it (not what the process says about itself). */
function executableOf(pid: number): string {
  return fs.realpathSync(`/proc/${pid}/exe`);
}

describe("the runtime: Patchbay runs on the pinned Node LTS", () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  test("the pinned version is an exact even-numbered (LTS) release, and its binary is that version", () => {
    expect(PINNED).toMatch(/^v(2[2-9]|[3-9]\d)\.\d+\.\d+$/);
    expect(Number(PINNED.slice(1).split(".")[0]) % 2).toBe(0);
    expect(execFileSync(PINNED_BINARY, ["-v"], { encoding: "utf8" }).trim()).toBe(PINNED);
  });

  test("a server started as the tests start it (startPatchbay) executes the pinned binary", async () => {
    const patchbay: PatchbayProcess = await startPatchbay({ env: { PATCHBAY_AUTH: "off", PATCHBAY_SEED_DEMO: "false" } });
    cleanups.push(patchbay.stop);

    expect(executableOf(patchbay.pid)).toBe(PINNED_BINARY);
    expect((await fetch(`${patchbay.baseUrl}/api/healthz`)).status).toBe(200);
  });

  test("`npm start` from a shell whose PATH has the machine's own Node serves on the pinned Node and says so", async () => {
    const port = await freePort();
    const databaseUrl = tempSqliteUrl("runtime");
    // The PATH of a shell outside npm: without node_modules/.bin, as a person's terminal has it.
    const PATH = (process.env.PATH ?? "").split(":").filter((entry) => !entry.includes("node_modules")).join(":");
    const child = spawn("npm", ["start"], {
      env: { ...process.env, ...TEST_ENV, PATH, PORT: String(port), DATABASE_URL: databaseUrl, PATCHBAY_AUTH: "off", PATCHBAY_SEED_DEMO: "false" },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    cleanups.push(async () => {
      await stopProcess(child);
      removeTempSqlite(databaseUrl);
    });
    let output = "";
    child.stdout!.on("data", (chunk) => (output += chunk));
    child.stderr!.on("data", (chunk) => (output += chunk));

    await waitUntil(() => output.includes("Patchbay is running at") || child.exitCode !== null, 120_000, "npm start prints its URL");

    expect(output).toContain(`Patchbay is running at http://127.0.0.1:${port} on Node ${PINNED}`);
    expect((await fetch(`http://127.0.0.1:${port}/api/healthz`)).status).toBe(200);
  });
});
