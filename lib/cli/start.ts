import { spawn } from "node:child_process";

import { getConfigOrExit } from "../env";
import { ensureBuild } from "./ensure-build";
import { serveArguments } from "./serve-command";

/**
 * `npm start`: validate settings, build when needed, then serve. Migrations and the demo seed run inside
 * the server at boot (instrumentation.ts), so every way of starting it does them.
 */
function main() {
  const config = getConfigOrExit();
  ensureBuild();

  // DESIGN §14: with authentication off, this machine only (lib/cli/serve.mjs does the same when started alone).
  const host = process.env.HOST ?? (config.PATCHBAY_AUTH === "off" ? "127.0.0.1" : undefined);
  const server = spawn(process.execPath, serveArguments(config.PORT, host), { stdio: ["ignore", "pipe", "inherit"], env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  const url = `http://${host && host !== "0.0.0.0" ? host : "localhost"}:${config.PORT}`;

  server.stdout.pipe(process.stdout);
  void announceWhenReady(`http://127.0.0.1:${config.PORT}`, url);
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
  server.on("exit", (code) => process.exit(code ?? 0));
}

/** Prints the URL once the server answers readiness (migrations applied, demo data seeded). */
async function announceWhenReady(probeBase: string, url: string) {
  for (let attempt = 0; attempt < 600; attempt++) {
    const ready = await fetch(`${probeBase}/api/readyz`).then((response) => response.ok, () => false);
    if (ready) {
      // The server is this Node (spawned with process.execPath): the pinned LTS when started through npm.
      console.log(`\nPatchbay is running at ${url} on Node ${process.version}  (dashboard: ${url}/, API: ${url}/api/openapi.json)\n`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

main();
