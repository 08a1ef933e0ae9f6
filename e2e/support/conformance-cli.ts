import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** The suite's CLI at the version package.json pins; it needs Node ≥ 22, which the pinned Node running the tests is. */
export const CONFORMANCE_CLI = path.resolve("node_modules/@modelcontextprotocol/conformance/dist/index.js");

export const REVISIONS = ["2025-11-25", "2026-07-28"] as const;
export type Revision = (typeof REVISIONS)[number];

export type ScenarioResult = {
  scenario: string;
  /** No check FAILED (the suite's own rule: SKIPPED, WARNING and INFO checks do not fail a scenario). */
  passed: boolean;
  /** Counts for the revision's conformance (not pending, an extension, or added after its release). */
  scored: boolean;
  /** `check-id: message` of each failed check. */
  failures: string[];
};

export type ConformanceRun = { url: string; revision: Revision; ms: number; results: ScenarioResult[] };

export type Tally = { passed: number; total: number };

type Check = { id: string; status: string; errorMessage?: string };

const RUN_TIMEOUT_MS = 900_000;
/**
 * One folder per scenario, each a checks.json: `<output dir>/server-<scenario>-<toISOString() with : and . as ->`
 * for the server side, `<output dir>/<scenario>-<…>` for the client side, where `auth/…` scenarios make a subfolder.
 */
const RESULT_FOLDER = /^(?:server-)?(.+)-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$/;

/**
 * `conformance server --url <url> --requirements <revision>`: every scenario the revision requires (and the
 * pending and extension ones it runs beside them), each read from the checks.json the CLI writes. Which are not
 * scored only its summary says (the "Not scored for <revision>" block). Throws when the CLI does not finish
 * with a verdict (exit 0: all scored pass, 1: some fail) or a scenario wrote no results.
 */
export function runServerRequirements(url: string, revision: Revision): Promise<ConformanceRun> {
  return runRequirements(["server", "--url", url], url, revision);
}

/**
 * `conformance client --command <command> --requirements <revision>`: the suite starts each scenario's server and
 * runs `command <server URL>` as the client under test (with `env`), allowing it `timeoutMs` per scenario; read
 * as runServerRequirements reads the server side.
 */
export function runClientRequirements(command: string, revision: Revision, options: { env: Record<string, string>; timeoutMs: number }): Promise<ConformanceRun> {
  return runRequirements(["client", "--command", command, "--timeout", String(options.timeoutMs)], command, revision, options.env);
}

async function runRequirements(side: string[], under: string, revision: Revision, env: Record<string, string> = {}): Promise<ConformanceRun> {
  const outputDir = fs.mkdtempSync(path.join(os.tmpdir(), "patchbay-conformance-results-"));
  try {
    const started = performance.now();
    const { code, stdout, output } = await runCli([...side, "--requirements", revision, "--output-dir", outputDir], env);
    const ms = Math.round(performance.now() - started);
    if (code !== 0 && code !== 1) throw new Error(`conformance ${side[0]} --requirements ${revision} (${under}) ended with ${code}:\n${output}`);
    const notScored = notScoredScenarios(stdout, revision);
    const results = resultFolders(outputDir).map((folder) => readScenario(outputDir, folder, notScored, output));
    if (results.length === 0) throw new Error(`conformance wrote no results for ${under}:\n${output}`);
    return { url: under, revision, ms, results };
  } finally {
    fs.rmSync(outputDir, { recursive: true, force: true });
  }
}

export function tally(results: ScenarioResult[]): Tally {
  return { passed: results.filter((result) => result.passed).length, total: results.length };
}

/** The scenarios that pass in `reference` and not in `candidate` (missing there counts as not passing), each with why. */
export function regressions(reference: ConformanceRun, candidate: ConformanceRun): string[] {
  const byName = new Map(candidate.results.map((result) => [result.scenario, result]));
  return reference.results.filter((result) => result.passed && !byName.get(result.scenario)?.passed).map((result) => {
    const failures = byName.get(result.scenario)?.failures ?? ["no result"];
    return `${result.scenario}: ${failures.join("; ")}`;
  });
}

/** The scenario folders under `outputDir`, relative to it (`auth/metadata-default-…`), in order. */
function resultFolders(outputDir: string): string[] {
  return fs.readdirSync(outputDir, { recursive: true, encoding: "utf8" })
    .filter((entry) => RESULT_FOLDER.test(path.basename(entry)) && fs.statSync(path.join(outputDir, entry)).isDirectory())
    .sort();
}

function readScenario(outputDir: string, folder: string, notScored: Set<string>, output: string): ScenarioResult {
  const scenario = RESULT_FOLDER.exec(folder)?.[1];
  if (!scenario) throw new Error(`unexpected entry in the conformance output: ${folder}`);
  const file = path.join(outputDir, folder, "checks.json");
  // A scenario that threw leaves its folder empty; the CLI scores it as one failed check and says why on stderr.
  if (!fs.existsSync(file)) return { scenario, passed: false, scored: !notScored.has(scenario), failures: [`${scenario}: ${crashOf(scenario, output)}`] };
  const checks = JSON.parse(fs.readFileSync(file, "utf8")) as Check[];
  const failures = checks.filter((check) => check.status === "FAILURE").map((check) => `${check.id}: ${oneLine(check.errorMessage ?? "failed")}`);
  return { scenario, passed: failures.length === 0, scored: !notScored.has(scenario), failures };
}

/** The names the summary lists under "Not scored for <revision>: …", as `  ✓ name (reason)` / `  ✗ name (reason)`. */
function notScoredScenarios(stdout: string, revision: Revision): Set<string> {
  const start = stdout.indexOf(`Not scored for ${revision}:`);
  if (start === -1) return new Set();
  const names = new Set<string>();
  for (const line of stdout.slice(start).split("\n").slice(1)) {
    const name = /^\s+[✓✗] (\S+) \(/.exec(line)?.[1];
    if (!name) break;
    names.add(name);
  }
  return names;
}

/** The error after `Failed to run scenario <name>:` in the CLI's output (its first line; a stack follows). */
function crashOf(scenario: string, output: string): string {
  const marker = `Failed to run scenario ${scenario}:`;
  const start = output.indexOf(marker);
  if (start === -1) return "the scenario wrote no checks";
  const rest = output.slice(start + marker.length).trimStart();
  return `failed to run: ${oneLine(rest.split("\n")[0] ?? "")}`;
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > 240 ? `${flat.slice(0, 240)}…` : flat;
}

function runCli(args: string[], env: Record<string, string>): Promise<{ code: number | string; stdout: string; output: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [CONFORMANCE_CLI, ...args], { timeout: RUN_TIMEOUT_MS, maxBuffer: 256 * 1024 * 1024, env: { ...process.env, ...env, NO_COLOR: "1" } }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === "number" ? error.code : (error.signal ?? String(error.code ?? "error"))) : 0;
      resolve({ code, stdout, output: `${stdout}${stderr}` });
    });
  });
}
