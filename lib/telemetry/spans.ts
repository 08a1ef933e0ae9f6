import { randomUUID } from "node:crypto";

import { context, propagation, SpanStatusCode, trace, type Attributes, type Context } from "@opentelemetry/api";

/**
 * Spans of Patchbay's own work (probes, tool calls), through the OpenTelemetry API: without a registered SDK
 * (no OTEL_EXPORTER_OTLP_ENDPOINT) every call here is a no-op. `parent` continues a trace a caller named.
 */
export async function withSpan<T>(name: string, attributes: Attributes, run: () => Promise<T>, parent?: Context): Promise<T> {
  // Not tracing (lib/telemetry/start-tracing.ts registers no SDK): a no-op span under a context no one can read —
  // the API's no-op context manager keeps none active — is just `run`, without the span's objects per call.
  if (!process.env.OTEL_EXPORTER_OTLP_ENDPOINT) return run();
  return trace.getTracer("patchbay").startActiveSpan(name, { attributes }, parent ?? context.active(), async (span) => {
    try {
      return await run();
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** The W3C `traceparent` (and `tracestate`) of the active span, for a request to an upstream server; empty when not tracing. */
export function traceHeaders(): Record<string, string> {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier;
}

const TRACE_ID = /^[0-9a-f]{32}$/;

/**
 * A context whose trace is `traceId` (seed 001's `context.trace_id`, 32 lowercase hex digits), so spans started
 * under it join the caller's trace; anything else is ignored and the active context is kept.
 */
export function contextForTraceId(traceId: unknown): Context {
  if (typeof traceId !== "string" || !TRACE_ID.test(traceId) || /^0+$/.test(traceId)) return context.active();
  const spanId = [...crypto.getRandomValues(new Uint8Array(8))].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return trace.setSpanContext(context.active(), { traceId, spanId, traceFlags: 1, isRemote: true });
}

/** The trace id of the active span, or null when not tracing. */
export function activeTraceId(): string | null {
  const span = trace.getActiveSpan();
  const id = span?.spanContext().traceId;
  return id && !/^0+$/.test(id) ? id : null;
}

/** A fresh trace id (32 lowercase hex digits) for a call logged while not tracing. */
export function newTraceId(): string {
  return randomUUID().replaceAll("-", "");
}
