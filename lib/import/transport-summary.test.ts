import { describe, expect, it } from "vitest";

import { summarizeTransport } from "./transport-summary";

describe("summarizeTransport — where an imported server connects, never a secret", () => {
  it.each([
    ["a plain URL", { type: "http", url: "https://mcp.example.com/mcp" }, { type: "http", url: "https://mcp.example.com/mcp" }],
    ["user and password dropped", { type: "sse", url: "https://alice:s3cret@mcp.example.com/sse" }, { type: "sse", url: "https://mcp.example.com/sse" }],
    ["a secret query value masked, others kept", { type: "http", url: "https://x.example/mcp?api_key=abc123&region=eu" }, { type: "http", url: "https://x.example/mcp?api_key=••••&region=eu" }],
    ["a placeholder kept", { type: "http", url: "https://x.example/mcp?token=${TOKEN}" }, { type: "http", url: "https://x.example/mcp?token=${TOKEN}" }],
    ["a literal beside a placeholder masked", { type: "http", url: "https://x.example/mcp?token=${TENANT}-t1" }, { type: "http", url: "https://x.example/mcp?token=••••" }],
    ["a {{param}} host kept", { type: "http", url: "https://{{tenant}}.example/mcp" }, { type: "http", url: "https://{{tenant}}.example/mcp" }],
  ])("%s", (_title, transport, expected) => {
    expect(summarizeTransport(transport)).toEqual(expected);
  });

  it("masks the value after a secret-looking flag and in --flag=value, keeps the rest", () => {
    expect(summarizeTransport({ type: "stdio", command: "npx", args: ["-y", "@acme/mcp", "--api-key", "sk-1", "--token=t0k", "--port", "3000", "--key=${KEY}", "--secret=${T}-s1", "--password", "${T}x"] }))
      .toEqual({ type: "stdio", command: "npx", args: ["-y", "@acme/mcp", "--api-key", "••••", "--token=••••", "--port", "3000", "--key=${KEY}", "--secret=••••", "--password", "••••"] });
  });
});
