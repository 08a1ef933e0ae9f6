import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { authedEnv } from "../support/authed-patchbay";
import { REVISIONS, runClientRequirements, tally, type ConformanceRun, type Revision } from "../support/conformance-cli";
import { startPatchbay, type PatchbayProcess } from "../support/patchbay-process";

/**
 * The referee of DESIGN §17: the official conformance suite's client requirement sets for both revisions, with
 * Patchbay as the client under test. The suite starts each scenario's server (its authorization server beside it
 * for the `auth/*` ones) and runs e2e/support/conformance-client.ts with its URL: that glue registers the URL in
 * this Patchbay, connects it when the scenario is about authorization, and lists and calls its tools through an
 * agent gateway. What the suite checks is what Patchbay sent. Every scored scenario must pass but the ones
 * KNOWN_FAILURES names, each with why (DESIGN §17 work not done yet); one of those that starts passing is reported,
 * so the list only shrinks. A scenario TIMED_BY_THE_SUITE is reported, never failing the test.
 */

const ADMIN_TOKEN = "pb_referee_client_admin_token_0123456789";
/** The suite runs a revision's scenarios side by side, each starting a Node process for the glue: generous (one that hangs costs this much). */
const SCENARIO_TIMEOUT_MS = 120_000;
const GLUE = `${process.execPath} --import tsx e2e/support/conformance-client.ts`;

/** Scored scenarios that fail today, by revision: what Patchbay does not do yet. */
const KNOWN_FAILURES: Record<Revision, Record<string, string>> = {
  "2025-11-25": {},
  "2026-07-28": {
    // Every other check of it passes: the Mcp-Param-* headers go out, encoded as the suite expects.
    "http-custom-headers": "its null case calls with `verbose: null` for a boolean parameter, which the gateway refuses as invalid arguments (DESIGN §12) before it reaches the server",
  },
};

/**
 * Scored scenarios whose verdict is a wall-clock bound of the suite's, which a loaded machine can miss whatever the
 * client does: reported either way, never failing this test (a test here cannot depend on the machine's speed).
 */
const TIMED_BY_THE_SUITE: Record<string, string> = {
  // 500 ms asked, 700 allowed between the stream's close and the reconnection: Patchbay waits the server's `retry`
  // (lib/mcp/lean-requests.ts). Passed in the last three quiet runs; measured 1,075 ms once under the suite's own
  // parallel load (it starts a Node process for the glue per scenario).
  "sse-retry": "the reconnection after a closed event stream is timed against the server's `retry`",
};

let patchbay: PatchbayProcess | undefined;

beforeAll(async () => {
  patchbay = await startPatchbay({ env: { ...authedEnv(ADMIN_TOKEN), PATCHBAY_RATE_CALLS_PER_MIN: "1000000", PATCHBAY_RATE_TESTS_PER_MIN: "100000", PATCHBAY_OUTBOUND_ALLOW: "127.0.0.0/8,::1/128" } });
}, 600_000);

afterAll(async () => {
  await patchbay?.stop();
}, 60_000);

describe.each(REVISIONS)("conformance client --requirements %s, Patchbay as the client", (revision) => {
  test("every scored scenario passes", async () => {
    const run = await runClientRequirements(GLUE, revision, { env: { PATCHBAY_URL: patchbay!.baseUrl, PATCHBAY_TOKEN: ADMIN_TOKEN }, timeoutMs: SCENARIO_TIMEOUT_MS });
    report(run);
    const known = KNOWN_FAILURES[revision];
    const failing = run.results.filter((result) => result.scored && !result.passed && !(result.scenario in known) && !(result.scenario in TIMED_BY_THE_SUITE))
      .map((result) => `${result.scenario}: ${result.failures.join("; ")}`);
    const nowPassing = run.results.filter((result) => result.passed && result.scenario in known).map((result) => result.scenario);
    if (nowPassing.length > 0) console.log(`referee (client) ${revision}: now passing, take off KNOWN_FAILURES: ${nowPassing.join(", ")}`);
    expect(failing).toEqual([]);
  });
});

function report(run: ConformanceRun): void {
  const scored = run.results.filter((result) => result.scored);
  const all = tally(run.results);
  const counted = tally(scored);
  console.log(`referee (client) ${run.revision}: ${counted.passed}/${counted.total} scored scenarios pass (${all.passed}/${all.total} run) in ${(run.ms / 1000).toFixed(0)} s`);
  for (const result of run.results.filter((candidate) => !candidate.passed)) {
    const note = !result.scored ? " (not scored)" : result.scenario in TIMED_BY_THE_SUITE ? " (timed by the suite: reported, not failing)" : "";
    console.log(`  ✗ ${result.scenario}${note}: ${result.failures.join("; ")}`);
  }
}
