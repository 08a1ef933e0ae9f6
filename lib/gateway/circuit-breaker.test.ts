import { describe, expect, test } from "vitest";

import { CircuitBreaker } from "./circuit-breaker";

const settings = { failureThreshold: 3, resetAfterMs: 1_000 };

function breakerAt(start = 10_000) {
  const clock = { now: start };
  return { clock, breaker: new CircuitBreaker(() => clock.now) };
}

describe("CircuitBreaker — the state machine of DESIGN §12 on an injected clock", () => {
  test("stays closed below the threshold; a success resets the count", () => {
    const { breaker } = breakerAt();
    breaker.recordFailure(settings);
    breaker.recordFailure(settings);
    expect(breaker.snapshot(settings)).toEqual({ state: "closed", consecutive_failures: 2, opened_at: null });
    breaker.recordSuccess();
    breaker.recordFailure(settings);
    breaker.recordFailure(settings);
    expect(breaker.snapshot(settings).state).toBe("closed");
    expect(breaker.admit(settings)).toEqual({ admitted: true });
  });

  test("opens at the threshold and refuses with the time left until a trial", () => {
    const { clock, breaker } = breakerAt();
    for (let i = 0; i < 3; i++) breaker.recordFailure(settings);
    expect(breaker.snapshot(settings)).toEqual({ state: "open", consecutive_failures: 3, opened_at: new Date(10_000).toISOString() });
    expect(breaker.admit(settings)).toEqual({ admitted: false, retryAfterMs: 1_000 });
    clock.now += 400;
    expect(breaker.admit(settings)).toEqual({ admitted: false, retryAfterMs: 600 });
  });

  test("after reset_after_ms exactly one trial goes through; its success closes the circuit", () => {
    const { clock, breaker } = breakerAt();
    for (let i = 0; i < 3; i++) breaker.recordFailure(settings);
    clock.now += 1_000;
    expect(breaker.snapshot(settings).state).toBe("half_open");
    expect(breaker.admit(settings)).toEqual({ admitted: true });
    expect(breaker.admit(settings).admitted).toBe(false);
    breaker.recordSuccess();
    expect(breaker.snapshot(settings)).toEqual({ state: "closed", consecutive_failures: 0, opened_at: null });
    expect(breaker.admit(settings)).toEqual({ admitted: true });
  });

  test("a failed trial opens the circuit again from that moment", () => {
    const { clock, breaker } = breakerAt();
    for (let i = 0; i < 3; i++) breaker.recordFailure(settings);
    clock.now += 1_500;
    expect(breaker.admit(settings).admitted).toBe(true);
    breaker.recordFailure(settings);
    expect(breaker.snapshot(settings)).toEqual({ state: "open", consecutive_failures: 4, opened_at: new Date(11_500).toISOString() });
    expect(breaker.admit(settings)).toEqual({ admitted: false, retryAfterMs: 1_000 });
  });

  test("a trial released without an answer lets the next caller try", () => {
    const { clock, breaker } = breakerAt();
    for (let i = 0; i < 3; i++) breaker.recordFailure(settings);
    clock.now += 1_000;
    expect(breaker.admit(settings).admitted).toBe(true);
    breaker.releaseTrial();
    expect(breaker.admit(settings).admitted).toBe(true);
  });
});
