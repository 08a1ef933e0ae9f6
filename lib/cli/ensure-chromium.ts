import { spawnSync } from "node:child_process";
import fs from "node:fs";

/**
 * The browser journeys run in Debian's Chromium (STACK.md: never `npx playwright install`, which downloads
 * from outside the reachable registries). Run before `playwright test`: installs it with apt-get when the
 * binary Playwright will launch (CHROMIUM_PATH, default /usr/bin/chromium) is missing, so `npm test` is all a
 * fresh machine needs.
 */
export function ensureChromium(): void {
  const executable = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (fs.existsSync(executable)) return;
  if (process.env.CHROMIUM_PATH) fail(`CHROMIUM_PATH is ${executable}, which does not exist.`);

  if (!isOnPath("apt-get")) fail("apt-get is not available: install Chromium yourself and set CHROMIUM_PATH to its binary.");
  if (process.getuid?.() !== 0) fail("installing it needs root: run `sudo apt-get install -y chromium` (or set CHROMIUM_PATH).");

  console.log("Patchbay: installing Debian's chromium (apt-get) for the browser journeys…");
  for (const args of [["update", "-qq"], ["install", "-y", "-qq", "chromium"]]) {
    const result = spawnSync("apt-get", args, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
    if (result.status !== 0) fail(`\`apt-get ${args.join(" ")}\` failed (exit ${result.status}).`);
  }
  if (!fs.existsSync(executable)) fail(`apt-get installed chromium, but ${executable} still does not exist: set CHROMIUM_PATH.`);
}

function isOnPath(command: string): boolean {
  return spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0;
}

function fail(reason: string): never {
  console.error(`Patchbay: the browser journeys need Debian's chromium at /usr/bin/chromium. ${reason}`);
  process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
