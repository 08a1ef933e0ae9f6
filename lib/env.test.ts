import { afterEach, describe, expect, it, vi } from "vitest";

import { DEMO_STDIO_ALLOW_ENTRY } from "./registry/demo-stdio-server";

/** getConfig as a fresh process would read `env` (it caches per module instance). */
async function configWith(env: Record<string, string>) {
  vi.resetModules();
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  const { getConfig } = await import("./env");
  return getConfig();
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("PATCHBAY_STDIO_ALLOW's default", () => {
  it("admits the demo server's command line when the demo is seeded (the default)", async () => {
    expect((await configWith({ PATCHBAY_STDIO_ALLOW: "", PATCHBAY_SEED_DEMO: "true" })).PATCHBAY_STDIO_ALLOW).toEqual([DEMO_STDIO_ALLOW_ENTRY]);
  });

  it("admits nothing without the demo", async () => {
    expect((await configWith({ PATCHBAY_STDIO_ALLOW: "", PATCHBAY_SEED_DEMO: "false" })).PATCHBAY_STDIO_ALLOW).toEqual([]);
  });

  it("is replaced by what is set, demo or not", async () => {
    expect((await configWith({ PATCHBAY_STDIO_ALLOW: "uvx mcp-server-fetch", PATCHBAY_SEED_DEMO: "true" })).PATCHBAY_STDIO_ALLOW).toEqual(["uvx mcp-server-fetch"]);
  });
});

describe("PATCHBAY_ALERT_WEBHOOK", () => {
  it("takes an http(s) URL", async () => {
    expect((await configWith({ PATCHBAY_ALERT_WEBHOOK: "https://hooks.example.com/T0/B0/x" })).PATCHBAY_ALERT_WEBHOOK).toBe("https://hooks.example.com/T0/B0/x");
  });

  it("refuses anything else, naming the variable", async () => {
    await expect(configWith({ PATCHBAY_ALERT_WEBHOOK: "file:///etc/passwd" })).rejects.toThrow("PATCHBAY_ALERT_WEBHOOK: must be an http(s) URL");
    await expect(configWith({ PATCHBAY_ALERT_WEBHOOK: "not a url" })).rejects.toThrow("PATCHBAY_ALERT_WEBHOOK: must be an http(s) URL");
  });
});
