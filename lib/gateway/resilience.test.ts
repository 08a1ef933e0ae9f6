import { describe, expect, test } from "vitest";

import { backoffDelay, isRetryable, resilienceSettings, settingsForTool, type AttemptFailure } from "./resilience";

const DEFAULTS = { timeoutMs: 30_000, breakerEnabled: true };

describe("resilienceSettings — seed 001's defaults fill what a server leaves out", () => {
  test.each([
    [undefined, { timeoutMs: 30_000, retries: 2, backoff: { minMs: 200, maxMs: 2_000 }, breaker: { enabled: true, failureThreshold: 5, resetAfterMs: 30_000 } }],
    [{ timeout_ms: 500, retries: 0, backoff: { min_ms: 10, max_ms: 40 }, circuit_breaker: { failure_threshold: 2, reset_after_ms: 100 } },
      { timeoutMs: 500, retries: 0, backoff: { minMs: 10, maxMs: 40 }, breaker: { enabled: true, failureThreshold: 2, resetAfterMs: 100 } }],
    [{ circuit_breaker: { reset_after_ms: 7 } }, { timeoutMs: 30_000, retries: 2, backoff: { minMs: 200, maxMs: 2_000 }, breaker: { enabled: true, failureThreshold: 5, resetAfterMs: 7 } }],
  ])("%j → %j", (resilience, expected) => {
    expect(resilienceSettings(resilience, DEFAULTS)).toEqual(expected);
  });

  test("MCP_DEFAULT_TIMEOUT_MS fills a timeout no server sets; MCP_CIRCUIT_BREAKER_ENABLED=false turns the breaker off", () => {
    expect(resilienceSettings(undefined, { timeoutMs: 400, breakerEnabled: false })).toMatchObject({ timeoutMs: 400, breaker: { enabled: false } });
    expect(resilienceSettings({ timeout_ms: 900 }, { timeoutMs: 400, breakerEnabled: true }).timeoutMs).toBe(900);
  });
});

describe("settingsForTool — resilience.tools.{name} over the server's", () => {
  const settings = resilienceSettings({ timeout_ms: 5_000, retries: 1, tools: { query: { timeout_ms: 300, backoff: { min_ms: 10, max_ms: 20 } }, slow: { retries: 4 } } }, DEFAULTS);
  test.each([
    ["query", { timeoutMs: 300, retries: 1, backoff: { minMs: 10, maxMs: 20 } }],
    ["slow", { timeoutMs: 5_000, retries: 4, backoff: { minMs: 200, maxMs: 2_000 } }],
    ["other", { timeoutMs: 5_000, retries: 1, backoff: { minMs: 200, maxMs: 2_000 } }],
    ["constructor", { timeoutMs: 5_000, retries: 1, backoff: { minMs: 200, maxMs: 2_000 } }],
  ])("%s → %j", (tool, expected) => {
    expect(settingsForTool(settings, tool)).toMatchObject({ ...expected, breaker: { enabled: true, failureThreshold: 5 } });
  });
});

describe("isRetryable — only transport failures are repeated", () => {
  const readOnly = { readOnlyHint: true };
  const idempotent = { idempotentHint: true };
  test.each<[AttemptFailure, Record<string, unknown> | undefined, boolean]>([
    [{ kind: "connection", code: "ECONNREFUSED" }, undefined, true],
    [{ kind: "connection", code: "ECONNRESET" }, undefined, true],
    [{ kind: "connection", code: "UND_ERR_SOCKET" }, undefined, true],
    [{ kind: "connection", code: "ENOTFOUND" }, undefined, false],
    [{ kind: "http", status: 502 }, undefined, true],
    [{ kind: "http", status: 503 }, undefined, true],
    [{ kind: "http", status: 504 }, undefined, true],
    [{ kind: "http", status: 500 }, undefined, false],
    [{ kind: "http", status: 429 }, undefined, false],
    [{ kind: "session_expired" }, undefined, true],
    [{ kind: "timeout" }, undefined, false],
    [{ kind: "timeout" }, { readOnlyHint: false }, false],
    [{ kind: "timeout" }, readOnly, true],
    [{ kind: "timeout" }, idempotent, true],
    [{ kind: "other" }, readOnly, false],
  ])("%j with annotations %j → %s", (failure, annotations, expected) => {
    expect(isRetryable(failure, annotations)).toBe(expected);
  });
});

describe("backoffDelay — exponential from min_ms, capped at max_ms, jittered over the upper half", () => {
  const backoff = { minMs: 200, maxMs: 2_000 };
  test.each([
    [1, 0, 200], [1, 0.999_999, 200],
    [2, 0, 200], [2, 0.5, 300], [2, 0.999_999, 400],
    [3, 0, 400], [3, 0.999_999, 800],
    [4, 0, 800], [4, 0.999_999, 1_600],
    [5, 0, 1_000], [5, 0.999_999, 2_000],
    [9, 0, 1_000], [9, 0.999_999, 2_000],
  ])("retry %i with random %d → %i ms", (retry, random, expected) => {
    expect(backoffDelay(retry, backoff, () => random)).toBe(expected);
  });

  test("every delay stays within [min_ms, max_ms] whatever the randomness", () => {
    for (let retry = 1; retry <= 12; retry++) {
      for (const random of [0, 0.25, 0.5, 0.75, 0.999_999]) {
        const delay = backoffDelay(retry, { minMs: 50, maxMs: 300 }, () => random);
        expect(delay).toBeGreaterThanOrEqual(50);
        expect(delay).toBeLessThanOrEqual(300);
      }
    }
  });
});
