import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { freePort, stopProcess } from "./patchbay-process";
import { waitUntil } from "./wait-until";

/**
 * The official conformance suite's own everything-server (the upstream its server scenarios expect), kept
 * unchanged beside the repository: the npm package does not ship it (../shared/conformance/SOURCE.md).
 */
export const CONFORMANCE_SERVER_SOURCE = path.resolve("../shared/conformance");

export type ConformanceEverythingServer = {
  /** Its MCP endpoint, `http://127.0.0.1:<port>/mcp`. */
  url: string;
  port: number;
  pid: number;
  logs(): string;
  /** Ends its whole process group (npx, tsx and the server). */
  stop(): Promise<void>;
};

export type ConformanceServerInstall = {
  /** The temporary folder holding the copy and its node_modules. */
  dir: string;
  /** How long `npm install` took there. */
  installMs: number;
  /** One more everything-server from this install, on a free port (each has its own state). */
  start(): Promise<ConformanceEverythingServer>;
  /** Removes the folder; stop the servers first. */
  remove(): void;
};

/** The pinned Node (the one running the tests) first on PATH: npm, npx and tsx all run on it. */
const PATH_WITH_PINNED_NODE = [path.dirname(process.execPath), process.env.PATH].filter(Boolean).join(path.delimiter);
const INSTALL_TIMEOUT_MS = 300_000;
const START_TIMEOUT_MS = 120_000;

/**
 * Copies the everything-server to a fresh temporary folder and installs its dependencies there from npm (the
 * registry, or npm's cache; nothing touches the repository's node_modules). Throws with npm's output when it fails.
 */
export async function installConformanceServer(): Promise<ConformanceServerInstall> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "patchbay-conformance-"));
  const remove = () => fs.rmSync(dir, { recursive: true, force: true });
  try {
    fs.cpSync(CONFORMANCE_SERVER_SOURCE, dir, { recursive: true });
    const started = performance.now();
    await npmInstall(dir);
    const installMs = Math.round(performance.now() - started);
    return { dir, installMs, start: () => startFrom(dir), remove };
  } catch (error) {
    remove();
    throw error;
  }
}

/** installConformanceServer and one server from it; `stop` also removes the install. For targeted tests. */
export async function startConformanceEverythingServer(): Promise<ConformanceEverythingServer & { installMs: number }> {
  const install = await installConformanceServer();
  try {
    const server = await install.start();
    return { ...server, installMs: install.installMs, stop: async () => { await server.stop(); install.remove(); } };
  } catch (error) {
    install.remove();
    throw error;
  }
}

function npmInstall(dir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    // --prefer-offline: what npm's cache already holds is not revalidated (about 8 of 23 s on a busy machine).
    const child = spawn("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline"], { cwd: dir, env: { ...process.env, PATH: PATH_WITH_PINNED_NODE }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), INSTALL_TIMEOUT_MS);
    child.on("error", (error) => { clearTimeout(timer); reject(error); });
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`npm install in ${dir} failed (${signal ?? `exit ${code}`}):\n${output}`));
    });
  });
}

/** `PORT=<free port> npx tsx everything-server.ts`, ready once it answers HTTP (any status: GET /mcp is a 400). */
async function startFrom(dir: string): Promise<ConformanceEverythingServer> {
  const port = await freePort();
  const child = spawn("npx", ["tsx", "everything-server.ts"], {
    cwd: dir, env: { ...process.env, PATH: PATH_WITH_PINNED_NODE, PORT: String(port) }, stdio: ["ignore", "pipe", "pipe"], detached: true,
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}/mcp`;
  const stop = () => stopProcess(child);
  try {
    await waitUntil(async () => {
      if (child.exitCode !== null) throw new Error(`the everything-server exited with ${child.exitCode}:\n${output}`);
      return fetch(url).then(() => true, () => false);
    }, START_TIMEOUT_MS, `the everything-server answering on ${url}`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, port, pid: child.pid!, logs: () => output, stop };
}
