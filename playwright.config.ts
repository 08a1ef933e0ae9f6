import { defineConfig } from "@playwright/test";

/** Playwright drives Debian's Chromium (never a downloaded browser); see STACK.md. */
export default defineConfig({
  testDir: "e2e",
  testMatch: ["journeys/**/*.spec.ts"],
  globalSetup: "./e2e/journeys/global-setup.ts",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: [["list"]],
  outputDir: "test-results",
  use: {
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
    trace: "off",
    screenshot: "only-on-failure",
  },
});
