import { getServer } from "../registry/servers";
import { hasToolset } from "../tools/tool-catalog";
import { NotFoundError } from "../errors";
import { processSlot } from "../runtime/runtime";
import { checkServer } from "./check-server";

// The discoveries running in this process, by (server, environment): concurrent first calls share one probe.
const running = processSlot("health.firstDiscoveries", () => new Map<string, Promise<void>>());

/**
 * DESIGN §14 "Known environments only": a call in an environment where a server's toolset was never discovered
 * discovers it first — the health check's own probe, recorded as any probe is (trust on first use pins what it
 * finds unless `tool_policy.pin` is `manual`) — so that the drift gate judges what it finds. Only for servers whose
 * gate judges anything (`on_drift` other than `log`). Concurrent first calls in this process share one probe; across
 * processes the catalog's write (lib/tools/tool-catalog.ts) keeps one pin.
 */
export async function discoverUnseenToolsets(servers: readonly string[], environment: string): Promise<void> {
  await Promise.all([...new Set(servers)].map((server) => discoverOnce(server, environment)));
}

function discoverOnce(server: string, environment: string): Promise<void> {
  const key = JSON.stringify([server, environment]);
  const known = running.get(key);
  if (known) return known;
  const started = discover(server, environment).finally(() => running.delete(key));
  running.set(key, started);
  return started;
}

async function discover(name: string, environment: string): Promise<void> {
  const stored = await getServer(name).catch((error: unknown) => {
    if (error instanceof NotFoundError) return null;
    throw error;
  });
  if (!stored || (stored.tool_policy?.on_drift ?? "log") === "log") return;
  if (await hasToolset(stored.id, environment)) return;
  const { id, created_at: _c, modified_at: _m, revision: _r, ...server } = stored;
  await checkServer({ id, server }, { environment });
}
