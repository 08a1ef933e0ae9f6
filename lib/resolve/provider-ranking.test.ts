import { describe, expect, test } from "vitest";

import { isSoundBinding, rankProviders, type ProviderCandidate } from "./provider-ranking";

const candidate = (server: string, status: ProviderCandidate["status"], latency_ms: number | null = null): ProviderCandidate => ({ server, status, latency_ms });

describe("rankProviders", () => {
  test.each<{ proves: string; candidates: ProviderCandidate[]; order: string[] }>([
    { proves: "healthy before degraded before unknown", candidates: [candidate("u", "unknown"), candidate("d", "degraded", 1), candidate("h", "healthy", 90)], order: ["h", "d", "u"] },
    { proves: "lowest latency within a status", candidates: [candidate("slow", "healthy", 80), candidate("fast", "healthy", 5), candidate("mid", "healthy", 20)], order: ["fast", "mid", "slow"] },
    { proves: "a latency beats none within a status", candidates: [candidate("none", "healthy"), candidate("some", "healthy", 500)], order: ["some", "none"] },
    { proves: "unhealthy and not_mcp only after everything else", candidates: [candidate("bad", "unhealthy", 1), candidate("web", "not_mcp", 1), candidate("skip", "skipped")], order: ["skip", "bad", "web"] },
    { proves: "auth_required ranks as unknown", candidates: [candidate("oauth", "auth_required", 3), candidate("fresh", "unknown", 4), candidate("ok", "degraded", 400)], order: ["ok", "oauth", "fresh"] },
    { proves: "ties broken by name", candidates: [candidate("b", "healthy", 7), candidate("a", "healthy", 7)], order: ["a", "b"] },
  ])("$proves", ({ candidates, order }) => {
    expect(rankProviders(candidates).map((each) => each.server)).toEqual(order);
  });

  test("leaves its input as given", () => {
    const candidates = [candidate("b", "unknown"), candidate("a", "healthy")];
    rankProviders(candidates);
    expect(candidates.map((each) => each.server)).toEqual(["b", "a"]);
  });
});

test.each<[ProviderCandidate["status"], boolean]>([
  ["healthy", true], ["degraded", true], ["unknown", false], ["skipped", false], ["auth_required", false], ["unhealthy", false], ["not_mcp", false],
])("a binding to a %s server is sound: %s", (status, sound) => {
  expect(isSoundBinding(status)).toBe(sound);
});
