// The peer of bench:gateway (issue 27): mcp-hub, a thin TypeScript MCP aggregator from npm (no auth, no policy),
// in front of the same upstream. Its unified endpoint is the older SSE transport (GET /mcp, POST /messages), and it
// names tools `server__tool`.
import { spawn } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const require = createRequire(import.meta.url);
const CLI = path.join(path.dirname(require.resolve("mcp-hub/package.json")), "dist", "cli.js");
const READY_TIMEOUT_MS = 60_000;

/** Starts mcp-hub with one server, `name`, at `upstreamUrl`; resolves once it reports the server connected. */
export async function startMcpHub(name, upstreamUrl) {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), "patchbay-bench-mcp-hub-"));
  const config = path.join(home, "config.json");
  fs.writeFileSync(config, JSON.stringify({ mcpServers: { [name]: { url: upstreamUrl } } }));
  const port = await freePort();
  // Its logs and caches go under XDG_STATE_HOME / HOME: a folder of its own, removed at the end.
  const env = { ...process.env, HOME: home, XDG_STATE_HOME: path.join(home, "state"), XDG_CONFIG_HOME: path.join(home, "config") };
  const child = spawn(process.execPath, [CLI, "--port", String(port), "--config", config], { env, stdio: "ignore", detached: true });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    try {
      process.kill(-child.pid, "SIGTERM");
      await exited; // it writes its log until it is gone
    } catch {
      // already gone
    }
    fs.rmSync(home, { recursive: true, force: true, maxRetries: 5 });
  };
  try {
    await waitForConnected(base, name);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `${base}/mcp`, pid: child.pid, stop };
}

async function waitForConnected(base, name) {
  const until = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < until) {
    const health = await fetch(`${base}/api/health`).then((response) => response.json()).catch(() => null);
    if (health?.servers?.some((server) => server.name === name && server.status === "connected")) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`mcp-hub did not report '${name}' connected within ${READY_TIMEOUT_MS / 1000} s`);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}
