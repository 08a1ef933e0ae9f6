import { CIRCUIT_STATE_VALUE, metrics } from "../metrics/registry";
import { CircuitBreaker, type CircuitSnapshot } from "./circuit-breaker";
import { processSlot } from "../runtime/runtime";
import type { ResilienceSettings } from "./resilience";

type BreakerSettings = Pick<ResilienceSettings["breaker"], "failureThreshold" | "resetAfterMs">;
export type Breaker = Pick<CircuitBreaker, "admit" | "recordSuccess" | "recordFailure" | "releaseTrial">;
/** `published`: the state value last set on `patchbay_circuit_state` for it. */
type Entry = { server: string; environment: string; breaker: CircuitBreaker; settings: BreakerSettings; published?: number };

// Circuits live in the process that calls upstream, shared by every route bundle.
const circuits = processSlot("gateway.circuits", () => new Map<string, Entry>());

/** The circuit of (server, environment), created closed on first use; `settings` are the server's current ones. */
export function circuitOf(server: string, environment: string, settings: BreakerSettings): CircuitBreaker {
  const key = JSON.stringify([server, environment]);
  const entry = circuits.get(key) ?? { server, environment, breaker: new CircuitBreaker(), settings };
  entry.settings = settings;
  circuits.set(key, entry);
  return entry.breaker;
}

/** MCP_CIRCUIT_BREAKER_ENABLED=false: a circuit that admits every call and remembers nothing. */
const NO_CIRCUIT: Breaker = {
  admit: () => ({ admitted: true }),
  recordSuccess: () => {},
  recordFailure: () => {},
  releaseTrial: () => {},
};

/** The circuit calls to (server, environment) go through — tools, prompts and resources alike — or none when breakers are off. */
export function breakerOf(server: string, environment: string, settings: ResilienceSettings["breaker"]): Breaker {
  return settings.enabled ? circuitOf(server, environment, settings) : NO_CIRCUIT;
}

/** The text a call refused by an open circuit answers (DESIGN §12). */
export function circuitOpenText(server: string, retryAfterS: number): string {
  return `MCP server '${server}' is failing: its circuit is open; retry after ${retryAfterS} s.`;
}

/**
 * Publishes a circuit's state to `patchbay_circuit_state` after it may have changed. Only this sets the gauge, so a
 * value it already set is not set again (each call publishes twice; the gauge's label lookup was most of the cost).
 */
export function publishCircuit(server: string, environment: string): void {
  const entry = circuits.get(JSON.stringify([server, environment]));
  if (!entry) return;
  const value = CIRCUIT_STATE_VALUE[entry.breaker.snapshot(entry.settings).state];
  if (entry.published === value) return;
  metrics.circuitState.set({ server, environment }, value);
  entry.published = value;
}

/** Every circuit this instance has used (a server never called has none: it reads as closed), by server then environment. */
export function listCircuits(filter: { server?: string } = {}): (CircuitSnapshot & { server: string; environment: string })[] {
  return [...circuits.values()]
    .filter((entry) => filter.server === undefined || entry.server === filter.server)
    .map((entry) => ({ server: entry.server, environment: entry.environment, ...entry.breaker.snapshot(entry.settings) }))
    .sort((a, b) => (a.server === b.server ? (a.environment < b.environment ? -1 : 1) : a.server < b.server ? -1 : 1));
}
