import { execFile } from "node:child_process";

export type CliResult = { status: number; stdout: string; stderr: string };

/**
 * Runs `patchbay <args>` (lib/cli/patchbay.ts) without blocking the test's event loop: a synchronous spawn
 * would stall the HTTP client's keep-alive bookkeeping for the CLI's whole run, and its next request could
 * go out on a connection the server has meanwhile closed as idle.
 */
export function runPatchbayCli(args: string[], env: Record<string, string>): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(process.execPath, ["--import", "tsx", "lib/cli/patchbay.ts", ...args], { env: { ...process.env, ...env }, encoding: "utf8" }, (error, stdout, stderr) => {
      resolve({ status: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}
