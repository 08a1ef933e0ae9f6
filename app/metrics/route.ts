import { metricsOperation } from "@/lib/api/system";
import { route } from "@/lib/http/route";
import { metricsRegistry } from "@/lib/metrics/registry";
import { refreshRegistryGauges } from "@/lib/metrics/registry-state";

/** GET /metrics — the Prometheus registry, with the gauges that mirror the database read fresh. */
export const GET = route(metricsOperation, async () => {
  await refreshRegistryGauges();
  return new Response(await metricsRegistry.metrics(), { headers: { "Content-Type": metricsRegistry.contentType, "Cache-Control": "no-store" } });
});
