import { NodeSDK } from "@opentelemetry/sdk-node";

import { onShutdown } from "../runtime/runtime";

/**
 * DESIGN §12: with OTEL_EXPORTER_OTLP_ENDPOINT set, spans go to that OTLP endpoint (the SDK reads the standard
 * OTEL_* variables: protocol, headers, service name). Next.js adds its own spans for every request once a
 * tracer provider is registered; Patchbay adds probes and tool calls (lib/telemetry/spans.ts). Off otherwise.
 */
export function startTracing(): void {
  if (!process.env.OTEL_EXPORTER_OTLP_ENDPOINT) return;
  process.env.OTEL_SERVICE_NAME ??= "patchbay";
  const sdk = new NodeSDK({ instrumentations: [] });
  sdk.start();
  // Spans still buffered are sent when Patchbay stops (the runtime, started at boot, runs this at SIGTERM/SIGINT).
  onShutdown("tracing", { stop: () => sdk.shutdown().catch(() => undefined) });
  console.log(`Patchbay: tracing to ${process.env.OTEL_EXPORTER_OTLP_ENDPOINT}`);
}
