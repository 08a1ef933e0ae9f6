import { describe, expect, it } from "vitest";

import { previewUpstreamEntry } from "./upstream-preview";

const official = (server: Record<string, unknown>) => ({ server: { name: "io.github.acme/weather", description: "Forecasts", version: "1.2.0", ...server } });

describe("previewUpstreamEntry", () => {
  it("a streamable-http remote → an http server named as the official converter names it", () => {
    const { summary, server } = previewUpstreamEntry(official({ remotes: [{ type: "streamable-http", url: "https://weather.example/mcp" }] }));

    expect(server?.transport).toEqual({ type: "http", url: "https://weather.example/mcp" });
    expect(summary).toEqual({
      name: "io.github.acme/weather",
      description: "Forecasts",
      version: "1.2.0",
      transport_type: "http",
      preview: server,
      reason: null,
    });
    expect(summary.preview?.name).not.toContain("/");
  });

  it("an npm package → a stdio server run with npx", () => {
    const { summary } = previewUpstreamEntry(official({ packages: [{ registryType: "npm", identifier: "@acme/weather", version: "1.2.0", transport: { type: "stdio" } }] }));

    expect(summary.transport_type).toBe("stdio");
    expect(summary.preview?.transport).toMatchObject({ type: "stdio", command: "npx" });
  });

  it("nothing that can run → no preview, and the converter's reason", () => {
    const { summary, server } = previewUpstreamEntry(official({ remotes: [] }));

    expect(server).toBeNull();
    expect(summary).toMatchObject({ transport_type: null, preview: null, reason: expect.stringContaining("has no streamable-http or sse remote") });
  });

  it("no description or version upstream → empty description and null version in the summary", () => {
    const { summary } = previewUpstreamEntry({ server: { name: "io.example/bare", remotes: [{ type: "sse", url: "https://bare.example/sse" }] } });

    expect(summary).toMatchObject({ description: "", version: null, transport_type: "sse" });
  });
});
