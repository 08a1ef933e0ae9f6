import { Counter, Gauge, Histogram, Registry } from "prom-client";

type Metrics = {
  registry: Registry;
  toolCalls: Counter<"server" | "tool" | "outcome">;
  toolCallDuration: Histogram<"server" | "tool">;
  circuitState: Gauge<"server" | "environment">;
};

// One registry per process, shared by every route bundle (Next may load this module more than once).
const holder = globalThis as unknown as { patchbayMetrics?: Metrics };

/** The Prometheus registry of DESIGN §12; `/metrics` serves it, and other series register on it. */
export const metrics: Metrics = (holder.patchbayMetrics ??= createMetrics());
export const metricsRegistry = metrics.registry;

/** `patchbay_circuit_state` values. */
export const CIRCUIT_STATE_VALUE = { closed: 0, open: 1, half_open: 2 } as const;

function createMetrics(): Metrics {
  const registry = new Registry();
  return {
    registry,
    toolCalls: new Counter({
      name: "patchbay_tool_calls_total", help: "Tool calls through the call pipeline, by how they ended",
      labelNames: ["server", "tool", "outcome"], registers: [registry],
    }),
    toolCallDuration: new Histogram({
      name: "patchbay_tool_call_duration_seconds", help: "Time from a tool call's arrival to its answer",
      labelNames: ["server", "tool"], buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30], registers: [registry],
    }),
    circuitState: new Gauge({
      name: "patchbay_circuit_state", help: "Circuit breaker per server and environment: 0 closed, 1 open, 2 half-open",
      labelNames: ["server", "environment"], registers: [registry],
    }),
  };
}
