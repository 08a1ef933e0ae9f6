import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { afterAll, beforeAll, expect, test } from "vitest";

import { freePort } from "../../lib/mcp/test-peers";
import { CONFORMANCE_CLI } from "../support/conformance-cli";
import { browse, registerClient, signedInJar } from "../support/gateway-oauth-client";
import { mintToken } from "../support/roles";
import { startPatchbay, type PatchbayProcess } from "../support/patchbay-process";

/**
 * DESIGN §18's referee for the gateway's authorization server: the official conformance suite's `authorization`
 * scenarios against Patchbay's issuer. `authorization-server-metadata-endpoint` needs no one; for
 * `authorization-code-grant` the suite prints an authorization URL for a person to open and waits for the
 * redirect on its own callback server: here a signed-in runner's browser (fetch with its cookies) opens it and
 * allows it on the consent page, and the redirect lands on the suite's server. What the suite checks is what
 * Patchbay answered: the metadata, the code, the token response.
 */
const ADMIN_TOKEN = "pb_referee_authorization_admin_0123456789";

let patchbay: PatchbayProcess;

beforeAll(async () => {
  patchbay = await startPatchbay({ env: { PATCHBAY_AUTH: "on", PATCHBAY_ADMIN_TOKEN: ADMIN_TOKEN, PATCHBAY_SEED_DEMO: "false" } });
}, 600_000);

afterAll(async () => {
  await patchbay?.stop();
});

type Check = { id: string; status: string; errorMessage?: string };

test("the suite's authorization-server scenarios pass against Patchbay's issuer, the code grant through the consent page", async () => {
  const base = patchbay.baseUrl;
  const port = await freePort();
  const callback = `http://127.0.0.1:${port}/callback`;
  const client = await registerClient(base, { redirect_uris: [callback] });
  const browser = await signedInJar(base, await mintToken(base, ADMIN_TOKEN, "referee-person", "runner"));
  const outputDir = fs.mkdtempSync(path.join(os.tmpdir(), "patchbay-authorization-conformance-"));
  try {
    const suite = spawn(process.execPath, [CONFORMANCE_CLI, "authorization", "--url", base, "--client-id", client.clientId, "--port", String(port), "--output-dir", outputDir], { env: { ...process.env, NO_COLOR: "1" }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    let browsed: Promise<unknown> | undefined;
    suite.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      // The line after "Access the following URL in your browser…" is the authorization request.
      const url = /^(http:\/\/127\.0\.0\.1:\d+\/oauth\/authorize\?\S+)$/m.exec(output)?.[1];
      if (url && !browsed) browsed = allowAndLand(base, url, browser, callback);
    });
    suite.stderr.on("data", (chunk: Buffer) => void (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => suite.on("close", resolve));
    await browsed;
    expect(code, `${output}\n${JSON.stringify(readChecks(outputDir))}`).toBe(0);

    const checks = readChecks(outputDir);
    const failed = checks.filter((check) => check.status === "FAILURE").map((check) => `${check.id}: ${check.errorMessage}`);
    expect(failed, output).toEqual([]);
    const passed = checks.filter((check) => check.status === "SUCCESS").map((check) => check.id).sort();
    expect(passed).toEqual(["authorization-code-grant", "authorization-server-metadata", "authorization-server-metadata-cimd"]);
  } finally {
    fs.rmSync(outputDir, { recursive: true, force: true });
  }
}, 600_000);

/** The person: opens the URL signed in, presses Allow, and the browser follows the redirect to the suite's callback. */
async function allowAndLand(base: string, url: string, browser: Awaited<ReturnType<typeof signedInJar>>, callback: string) {
  const page = await browse(url, browser, callback);
  if (!page.url.startsWith(`${base}/oauth/consent/`)) throw new Error(`no consent page: ${page.status} ${page.url}`);
  const answer = await browse(page.url, browser, callback, { method: "POST", body: "decision=allow", origin: base });
  if (!answer.location) throw new Error(`no redirect to the client: ${answer.status}`);
  await fetch(answer.location);
}

function readChecks(outputDir: string): Check[] {
  return fs.readdirSync(outputDir, { recursive: true, encoding: "utf8" })
    .filter((entry) => path.basename(entry) === "checks.json")
    .flatMap((entry) => JSON.parse(fs.readFileSync(path.join(outputDir, entry), "utf8")) as Check[]);
}
