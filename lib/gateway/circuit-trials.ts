import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/server";

import type { ServerInput } from "../schemas/server";
import { breakerOf, circuitOpenText, publishCircuit, type Breaker } from "./circuits";
import { resilienceSettings, type ResilienceSettings } from "./resilience";

/** A relayed request refused by the open circuit of its server (DESIGN §12): nothing was sent. */
export class CircuitOpenError extends ProtocolError {
  constructor(readonly server: string, readonly retryAfterS: number) {
    super(ProtocolErrorCode.InternalError, circuitOpenText(server, retryAfterS));
  }
}

/**
 * What one relayed request (prompts, resources, completion: DESIGN §16) does to the circuits of the servers it
 * reaches — the same circuit per (server, environment) as tool calls'. Each server admitted is settled once, when
 * the request ends: a transport failure anywhere in it counts as one failure, else an answer as one success, else
 * (nothing asked of it, or the caller went away) its half-open trial is handed back.
 */
export class CircuitTrials {
  private readonly open = new Map<string, { breaker: Breaker; settings: ResilienceSettings["breaker"]; outcome: "none" | "ok" | "failed" }>();

  constructor(private readonly environment: string) {}

  /** Lets a request to `server` through its circuit, or throws CircuitOpenError. */
  admit(server: ServerInput): void {
    if (this.open.has(server.name)) return;
    const settings = resilienceSettings(server.resilience).breaker;
    const breaker = breakerOf(server.name, this.environment, settings);
    const admission = breaker.admit(settings);
    publishCircuit(server.name, this.environment);
    if (!admission.admitted) throw new CircuitOpenError(server.name, Math.max(1, Math.ceil(admission.retryAfterMs / 1000)));
    this.open.set(server.name, { breaker, settings, outcome: "none" });
  }

  /** The server answered (a result or a JSON-RPC error: either way it is up). */
  answered(server: string): void {
    const trial = this.open.get(server);
    if (trial && trial.outcome === "none") trial.outcome = "ok";
  }

  /** The server could not be reached or did not answer (connection, HTTP 5xx, timeout). */
  failed(server: string): void {
    const trial = this.open.get(server);
    if (trial) trial.outcome = "failed";
  }

  settle(): void {
    for (const [server, trial] of this.open) {
      if (trial.outcome === "ok") trial.breaker.recordSuccess();
      else if (trial.outcome === "failed") trial.breaker.recordFailure(trial.settings);
      else trial.breaker.releaseTrial();
      publishCircuit(server, this.environment);
    }
    this.open.clear();
  }
}

/** Whether an error a relayed request ended with is the server's answer (a JSON-RPC error) rather than a failure to reach it. */
export function isAnswer(error: unknown): boolean {
  return error instanceof ProtocolError;
}
