import { parseArgs } from "node:util";

import { getDb } from "../db";
import { getHealth } from "../data/health";
import { validateServer } from "../registry/server-views";
import { getServerTools } from "../tools/tool-views";
import { getConfig } from "../env";

export const DOCTOR_USAGE = "doctor [--environment <name>] [--url <running Patchbay> (circuits; token in PATCHBAY_TOKEN)]";

type Circuit = { server: string; environment: string; state: string; opened_at: string | null };

/**
 * `npm run patchbay -- doctor` (seed 001's diagnostics, DESIGN §12): per server, its resolution problems, health,
 * drift and circuit state. Circuits live in the process that calls upstream: with `--url` they are read from
 * that instance's GET /api/circuits; without it they are not known here.
 */
export async function doctorCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { environment: { type: "string" }, url: { type: "string" } } });
  const environment = values.environment ?? getConfig().environment;
  const circuits = values.url ? await fetchCircuits(values.url) : null;
  const servers = await getDb().server.findMany({ select: { name: true }, orderBy: { name: "asc" } });
  let problems = 0;
  for (const { name } of servers) {
    const [validation, health, tools] = await Promise.all([
      validateServer(name, { environment }, { canReadBlueprintSecrets: false, canReadStoredSecrets: false }),
      getHealth(name, environment),
      getServerTools(name, environment),
    ]);
    const circuit = circuits?.find((entry) => entry.server === name && entry.environment === environment);
    const lines = [
      `resolution: ${validation.valid ? "ok" : validation.errors.map((error) => `${error.path} ${error.message}`).join("; ")}`,
      ...validation.warnings.map((warning) => `warning: ${typeof warning === "string" ? warning : JSON.stringify(warning)}`),
      `health: ${health.health.status}${health.health.reason ? ` (${health.health.reason})` : ""}`,
      `drift: ${tools.drift ? `added ${tools.drift.added.length}, removed ${tools.drift.removed.length}, changed ${tools.drift.changed.length}` : "none"}`,
      `circuit: ${circuits === null ? "unknown (pass --url of a running Patchbay)" : circuit ? `${circuit.state}${circuit.opened_at ? ` since ${circuit.opened_at}` : ""}` : "closed"}`,
    ];
    if (!validation.valid || tools.drift || (circuit && circuit.state !== "closed")) problems++;
    console.log(`${name} [${environment}]\n${lines.map((line) => `  ${line}`).join("\n")}`);
  }
  console.log(`${servers.length} servers, ${problems} with problems.`);
  return problems > 0 ? 1 : 0;
}

async function fetchCircuits(url: string): Promise<Circuit[]> {
  const token = process.env.PATCHBAY_TOKEN;
  const response = await fetch(new URL("/api/circuits", url), { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new Error(`GET ${url}/api/circuits answered ${response.status}`);
  return ((await response.json()) as { circuits: Circuit[] }).circuits;
}
