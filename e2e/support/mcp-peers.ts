import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

import { freePort, stopProcess } from "./patchbay-process";

export const EVERYTHING_ENTRY = path.resolve("node_modules/@modelcontextprotocol/server-everything/dist/index.js");
const INSPECTOR_ENTRY = path.resolve("node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js");

/**
 * The MCP reference server over streamable HTTP on a free port. It listens on every interface, so it runs
 * in its own process group and `stop` ends the whole group (STACK.md).
 */
export async function startEverythingHttp(): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, [EVERYTHING_ENTRY, "streamableHttp"], {
    env: { ...process.env, PORT: String(port) },
    stdio: "ignore",
    detached: true,
  });
  const url = `http://127.0.0.1:${port}/mcp`;
  await waitForHttp(url, child);
  return { url, stop: () => stopProcess(child) };
}

export type InspectorResult = { code: number | null; stdout: string; stderr: string };

/** The MCP Inspector CLI against one entry of a client config file, as a user would run it. */
export async function runInspector(configFile: string, server: string, method: string): Promise<InspectorResult> {
  return runInspectorCli(["--config", configFile, "--server", server, "--method", method]);
}

/** The MCP Inspector CLI (`--cli`) with these arguments: a URL and `--header`s, say. */
export async function runInspectorCli(args: string[]): Promise<InspectorResult> {
  const child = spawn(process.execPath, [INSPECTOR_ENTRY, "--cli", ...args], {
    env: { ...process.env, MCP_INSPECTOR_SECRET_STORE: "memory", MCP_AUTO_OPEN_ENABLED: "false" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk) => (stdout += chunk));
  child.stderr!.on("data", (chunk) => (stderr += chunk));

  const timer = setTimeout(() => void stopProcess(child), 60_000);
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  clearTimeout(timer);
  try { process.kill(-child.pid!, "SIGKILL"); } catch { /* the group is gone: nothing was left behind */ }
  return { code, stdout, stderr };
}

async function waitForHttp(url: string, child: ChildProcess) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server-everything exited with ${child.exitCode}`);
    if (await fetch(url).then(() => true, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stopProcess(child);
  throw new Error(`server-everything did not listen at ${url} within 20 s`);
}
