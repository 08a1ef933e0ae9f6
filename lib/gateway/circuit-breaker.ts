import type { ResilienceSettings } from "./resilience";

/** What a circuit obeys of `resilience.circuit_breaker`. */
type BreakerSettings = Pick<ResilienceSettings["breaker"], "failureThreshold" | "resetAfterMs">;

export type CircuitState = "closed" | "open" | "half_open";
export type CircuitSnapshot = { state: CircuitState; consecutive_failures: number; opened_at: string | null };
export type Admission = { admitted: true } | { admitted: false; retryAfterMs: number };

/**
 * One circuit per (server, environment) (DESIGN §12): opens after `failureThreshold` consecutive failed calls,
 * refuses calls while open, and after `resetAfterMs` lets exactly one trial through (half-open) — its success
 * closes the circuit, its failure opens it again. The clock is injected so the state machine is tested as a table.
 */
export class CircuitBreaker {
  private state: CircuitState = "closed";
  private failures = 0;
  private openedAt: number | null = null;
  private trialInFlight = false;

  constructor(private readonly now: () => number = Date.now) {}

  admit(settings: BreakerSettings): Admission {
    if (this.state === "closed") return { admitted: true };
    const elapsed = this.now() - (this.openedAt ?? 0);
    if (this.state === "open" && elapsed >= settings.resetAfterMs) {
      this.state = "half_open";
      this.trialInFlight = false;
    }
    if (this.state === "half_open" && !this.trialInFlight) {
      this.trialInFlight = true;
      return { admitted: true };
    }
    return { admitted: false, retryAfterMs: Math.max(settings.resetAfterMs - elapsed, 0) };
  }

  recordSuccess(): void {
    this.state = "closed";
    this.failures = 0;
    this.openedAt = null;
    this.trialInFlight = false;
  }

  recordFailure(settings: BreakerSettings): void {
    this.failures += 1;
    this.trialInFlight = false;
    if (this.state === "half_open" || this.failures >= settings.failureThreshold) {
      this.state = "open";
      this.openedAt = this.now();
    }
  }

  /** A trial that ended without an answer either way (the caller went away) lets the next caller try. */
  releaseTrial(): void {
    this.trialInFlight = false;
  }

  /** What the dashboard shows: an open circuit whose wait is over reads as half-open. */
  snapshot(settings?: BreakerSettings): CircuitSnapshot {
    const isDue = this.state === "open" && settings !== undefined && this.now() - (this.openedAt ?? 0) >= settings.resetAfterMs;
    return {
      state: isDue ? "half_open" : this.state,
      consecutive_failures: this.failures,
      opened_at: this.openedAt === null ? null : new Date(this.openedAt).toISOString(),
    };
  }
}
