import { environmentsOperation, healthzOperation, metricsOperation, readyzOperation } from "../api/system";
import { checkReadiness } from "../data/readiness";
import { listEnvironmentNames } from "../registry/server-list";
import { getConfig } from "../env";
import { json } from "../http/responses";
import { route } from "../http/route";
import { metricsRegistry } from "../metrics/registry";
import { refreshRegistryGauges } from "../metrics/registry-state";

/** GET /api/environments — every environment a server defines, plus the registry's own. */
export const environmentsHandler = route(environmentsOperation, async () => {
  const current = getConfig().environment;
  const names = new Set([current, ...(await listEnvironmentNames())]);
  return json({ current, environments: [...names].sort() });
});

/** GET /api/healthz — liveness: a constant, no I/O. */
export const healthzHandler = route(healthzOperation, async () => json({ status: "ok" }));

/** GET /api/readyz — 200 when the database answers and is fully migrated, 503 otherwise. */
export const readyzHandler = route(readyzOperation, async () => {
  const readiness = await checkReadiness();
  return json(readiness, { status: readiness.status === "ready" ? 200 : 503 });
});

/** GET /metrics — the Prometheus registry, with the gauges that mirror the database read fresh. */
export const metricsHandler = route(metricsOperation, async () => {
  await refreshRegistryGauges();
  return new Response(await metricsRegistry.metrics(), { headers: { "Content-Type": metricsRegistry.contentType, "Cache-Control": "no-store" } });
});
