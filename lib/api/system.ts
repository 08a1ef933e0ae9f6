import { z } from "zod";

import { defineOperation, readOperation } from "./operation";

const tag = "System";

export const healthzOperation = defineOperation({
  method: "GET", path: "/api/healthz", tag, role: "public",
  summary: "Liveness: a constant, no I/O",
  responses: { 200: { description: "Alive", schema: z.object({ status: z.literal("ok") }) } },
});

export const readyzOperation = defineOperation({
  method: "GET", path: "/api/readyz", tag, role: "public",
  summary: "Readiness: the database answers and every migration is applied",
  responses: {
    200: { description: "Ready", schema: z.object({ status: z.literal("ready"), database: z.string() }) },
    503: { description: "Not ready", schema: z.object({ status: z.literal("not_ready"), reason: z.string() }) },
  },
});

export const environmentsOperation = defineOperation({
  method: "GET", path: "/api/environments", tag, role: "viewer",
  summary: "Environment names known to the registry, and the current one",
  responses: { 200: { description: "Environments", schema: z.object({ current: z.string(), environments: z.array(z.string()) }) } },
});

export const openapiOperation = defineOperation({
  method: "GET", path: "/api/openapi.json", tag, role: "public",
  summary: "This document",
  responses: { 200: { description: "OpenAPI 3.1", schema: z.record(z.string(), z.unknown()) } },
});

export const metricsOperation = readOperation({
  path: "/metrics", tag, publicWhen: "metrics",
  summary: "Prometheus metrics (DESIGN §12): HTTP requests, tool calls, circuit states, health per server and environment, sweep durations, open approvals; anyone may read it with PATCHBAY_METRICS_PUBLIC=true",
  responses: { 200: { description: "The Prometheus text exposition format", schema: z.string(), contentType: "text/plain; version=0.0.4" } },
});
