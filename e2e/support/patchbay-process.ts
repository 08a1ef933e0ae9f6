import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

import { serveArguments } from "../../lib/cli/serve-command";

export type PatchbayProcess = { baseUrl: string; port: number; databaseUrl: string; pid: number; stop: () => Promise<void>; logs: () => string };

/** Loopback only: any Patchbay a test or benchmark starts may probe nothing beyond this machine. */
export const TEST_ENV = {
  PATCHBAY_OUTBOUND_ALLOW: "127.0.0.0/8,::1/128",
  // The scheduler is off unless a test turns it on: a sweep must not change health under another test.
  PATCHBAY_HEALTH_INTERVAL_S: "0",
  // Process variables reach definitions only through this allowlist (DESIGN §2 step 3); tests use HOME.
  PATCHBAY_ENV_ALLOW: "HOME",
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export function tempSqliteUrl(label: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `patchbay-${label}-`));
  return `file:${path.join(dir, "patchbay.db")}`;
}

/** Removes the folder of a tempSqliteUrl (and nothing else: other URLs are left alone). */
export function removeTempSqlite(url: string): void {
  const dir = path.dirname(url.replace(/^file:/, ""));
  if (url.startsWith("file:") && path.dirname(dir) === os.tmpdir() && path.basename(dir).startsWith("patchbay-")) {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Starts the built app (lib/cli/serve.mjs, as `npm start` does) on a free loopback port and waits for /api/readyz;
 * `stop` ends it. `hostArgument: null` passes no `-H`, leaving the address to the server's own rules.
 */
export async function startPatchbay(options: { env?: Record<string, string>; databaseUrl?: string; port?: number; hostArgument?: string | null } = {}): Promise<PatchbayProcess> {
  const port = options.port ?? (await freePort());
  const databaseUrl = options.databaseUrl ?? tempSqliteUrl("test");
  const host = options.hostArgument === undefined ? "127.0.0.1" : options.hostArgument;
  const child = spawn(process.execPath, serveArguments(port, host), {
    env: { ...process.env, ...TEST_ENV, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", DATABASE_URL: databaseUrl, PORT: String(port), ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));

  const baseUrl = `http://127.0.0.1:${port}`;
  // A database this call made up is removed with the process; a given one is the caller's.
  const stop = async () => {
    await stopProcess(child);
    if (!options.databaseUrl) removeTempSqlite(databaseUrl);
  };
  try {
    await waitUntilReady(baseUrl, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, port, databaseUrl, pid: child.pid!, stop, logs: () => output };
}

async function waitUntilReady(baseUrl: string, child: ChildProcess, logs: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Patchbay exited with ${child.exitCode}:\n${logs()}`);
    const ready = await fetch(`${baseUrl}/api/readyz`).then((response) => response.ok, () => false);
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Patchbay did not become ready within 60 s:\n${logs()}`);
}

/** SIGTERM to the whole process group, SIGKILL if it lingers. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || !child.pid) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try { process.kill(-child.pid, "SIGTERM"); } catch { return; }
  const timer = setTimeout(() => { try { process.kill(-child.pid!, "SIGKILL"); } catch { /* gone */ } }, 5_000);
  await exited;
  clearTimeout(timer);
}
