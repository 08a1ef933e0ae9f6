import type { Operation } from "../api/operation";
import { metrics } from "./registry";

/** One answered API request, labelled by its operation's path (never the raw URL: names would explode the series). */
export function observeRequest(operation: Pick<Operation, "path" | "method">, status: number, seconds: number): void {
  const labels = { route: operation.path, method: operation.method, status: String(status) };
  metrics.httpRequests.inc(labels);
  metrics.httpRequestDuration.observe(labels, seconds);
}
