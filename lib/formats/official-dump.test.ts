import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

import { convert } from "./detect";
import { expectValidServers } from "./fixtures/helpers";

/** The official registry as of 2025-12-18: 2,794 versions of 1,108 servers, five schema versions, with a BOM. */
// ../shared beside the checkout, as CI lays it out; PATCHBAY_SHARED_DIR when it lives elsewhere (a worktree).
const DUMP = path.join(process.env.PATCHBAY_SHARED_DIR ?? path.resolve(process.cwd(), "../shared"), "fixtures/official-registry-2025-12-18.json");
const text = readFileSync(DUMP, "utf8");
const started = performance.now();
const bundle = convert(text);
const elapsed = performance.now() - started;
const byName = new Map(bundle.servers.map((server) => [(server as { name: string }).name, server]));

describe("the official registry dump", () => {
  // ~0.1–0.3 s on an idle machine; the bound is loose because test files run in parallel on shared CPUs.
  it("converts the whole dump, parsing included, in under 5 s (the time is logged)", () => {
    console.info(`converted ${bundle.servers.length} servers in ${elapsed.toFixed(0)} ms`);
    expect(elapsed).toBeLessThan(5_000);
  });

  it("accounts for all 1,108 names, as servers or skipped, with no errors", () => {
    expect(bundle.format).toBe("official");
    expect(bundle.errors).toEqual([]);
    expect(bundle.servers.length + bundle.skipped.length).toBe(1108);
    expect(new Set(bundle.skipped.map((entry) => entry.name)).size).toBe(bundle.skipped.length);
  });

  it("gives only servers that pass the input schema", () => {
    expectValidServers(bundle);
  });

  it("picks one version of a name with several: the one marked isLatest", () => {
    // 18 versions; the latest is the last published.
    expect(byName.get("io.github.github-github-mcp-server")).toMatchObject({ version: "0.26.0-rc.3" });
    // 1.0.0 is marked latest although 0.2.0 was published after it.
    expect(byName.get("io.github.zhongweili-nanobanana-mcp-server")).toMatchObject({ version: "1.0.0" });
  });

  it("reads a 2025-07-09 entry", () => {
    expect(byName.get("com.jumpcloud-jumpcloud-genai")).toEqual({
      name: "com.jumpcloud-jumpcloud-genai",
      description: "An MCP server that provides an API to LLMs to manage their JumpCloud resources.",
      version: "0.0.38",
      transport: { type: "http", url: "https://mcp.jumpcloud.com/v1" },
    });
  });

  it("reads 2025-12-11 and 2025-10-17 entries: remote headers and package env become placeholders", () => {
    expect(byName.get("io.github.github-github-mcp-server")).toEqual({
      name: "io.github.github-github-mcp-server",
      description: "Connect AI assistants to GitHub - manage repos, issues, PRs, and workflows through natural language.",
      version: "0.26.0-rc.3",
      transport: {
        type: "http",
        url: "https://api.githubcopilot.com/mcp/",
        headers: { Authorization: "${IO_GITHUB_GITHUB_GITHUB_MCP_SERVER_AUTHORIZATION}" },
      },
      support: { documentation_url: "https://github.com/github/github-mcp-server" },
    });
    expect(byName.get("io.github.domdomegg-airtable-mcp-server")).toEqual({
      name: "io.github.domdomegg-airtable-mcp-server",
      description: "Read and write access to Airtable database schemas, tables, and records.",
      version: "1.9.6",
      transport: { type: "stdio", command: "npx", args: ["-y", "airtable-mcp-server@1.9.6"], env: { AIRTABLE_API_KEY: "${AIRTABLE_API_KEY}" } },
      support: { documentation_url: "https://github.com/domdomegg/airtable-mcp-server#readme" },
      icons: [{ src: "https://raw.githubusercontent.com/domdomegg/airtable-mcp-server/refs/heads/master/icon.png", mimeType: "image/png" }],
    });
    expect(byName.get("io.github.timheuer-sampledotnetmcpserver")).toMatchObject({
      transport: { type: "stdio", command: "dnx", args: ["TimHeuer.SampleDotnetMcpServer@0.1.57-beta", "--yes"] },
    });
  });

  it("skips a server that ships only MCP bundles, with the reason", () => {
    expect(bundle.skipped).toContainEqual({
      name: "io.github.tuannvm/mcp-trino",
      reason: "has no streamable-http or sse remote and no package that npx, uvx, docker or dnx can run",
    });
  });
});
