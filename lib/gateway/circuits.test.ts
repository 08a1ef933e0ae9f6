import { describe, expect, test } from "vitest";

import { metricsRegistry } from "../metrics/registry";
import { circuitOf, listCircuits, publishCircuit } from "./circuits";

const settings = { failureThreshold: 2, resetAfterMs: 60_000 };

async function circuitGauge(server: string, environment: string): Promise<number | undefined> {
  const gauge = (await metricsRegistry.getMetricsAsJSON()).find((metric) => metric.name === "patchbay_circuit_state");
  return gauge?.values.find((value) => value.labels.server === server && value.labels.environment === environment)?.value;
}

describe("circuits — one per (server, environment), published to patchbay_circuit_state", () => {
  test("the registry holds the pipeline's series", async () => {
    const names = (await metricsRegistry.getMetricsAsJSON()).map((metric) => [metric.name, metric.type]);
    expect(names).toEqual(expect.arrayContaining([
      ["patchbay_tool_calls_total", "counter"], ["patchbay_tool_call_duration_seconds", "histogram"], ["patchbay_circuit_state", "gauge"],
    ]));
  });

  test("a circuit is listed and its gauge follows it: 0 closed, 1 open", async () => {
    const circuit = circuitOf("circuits-test", "production", settings);
    expect(circuitOf("circuits-test", "production", settings)).toBe(circuit);
    publishCircuit("circuits-test", "production");
    expect(await circuitGauge("circuits-test", "production")).toBe(0);

    circuit.recordFailure(settings);
    circuit.recordFailure(settings);
    publishCircuit("circuits-test", "production");
    expect(await circuitGauge("circuits-test", "production")).toBe(1);
    expect(listCircuits({ server: "circuits-test" })).toEqual([
      { server: "circuits-test", environment: "production", state: "open", consecutive_failures: 2, opened_at: expect.any(String) },
    ]);
    expect(listCircuits({ server: "circuits-other" })).toEqual([]);
  });
});
