import { Counter, Gauge, Histogram, Registry } from "prom-client";

import { processSlot } from "../runtime/runtime";

type Metrics = {
  registry: Registry;
  httpRequests: Counter<"route" | "method" | "status">;
  httpRequestDuration: Histogram<"route" | "method" | "status">;
  toolCalls: Counter<"server" | "tool" | "outcome">;
  toolCallDuration: Histogram<"server" | "tool">;
  circuitState: Gauge<"server" | "environment">;
  healthStatus: Gauge<"server" | "environment" | "status">;
  sweepDuration: Histogram;
  approvalsOpen: Gauge;
};

/**
 * The Prometheus registry of DESIGN §12, with every series it names; `/metrics` serves it. One per process, shared
 * by every route bundle (Next may load this module more than once).
 */
export const metrics: Metrics = processSlot("metrics", createMetrics);
export const metricsRegistry = metrics.registry;

/** `patchbay_circuit_state` values. */
export const CIRCUIT_STATE_VALUE = { closed: 0, open: 1, half_open: 2 } as const;

function createMetrics(): Metrics {
  const registry = new Registry();
  return {
    registry,
    httpRequests: new Counter({
      name: "patchbay_http_requests_total", help: "API requests answered, by operation path, method and status",
      labelNames: ["route", "method", "status"], registers: [registry],
    }),
    httpRequestDuration: new Histogram({
      name: "patchbay_http_request_duration_seconds", help: "Time from an API request's arrival to its response",
      labelNames: ["route", "method", "status"], buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10], registers: [registry],
    }),
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
    healthStatus: new Gauge({
      name: "patchbay_health_status", help: "1 for the current health status of each server and environment",
      labelNames: ["server", "environment", "status"], registers: [registry],
    }),
    sweepDuration: new Histogram({
      name: "patchbay_sweep_duration_seconds", help: "Time one scheduled health sweep took, every environment of it",
      buckets: [0.1, 0.5, 1, 5, 10, 30, 60, 120, 300, 600], registers: [registry],
    }),
    approvalsOpen: new Gauge({ name: "patchbay_approvals_open", help: "Approval requests awaiting a decision and not expired", registers: [registry] }),
  };
}
