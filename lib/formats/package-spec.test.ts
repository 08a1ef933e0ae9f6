import { describe, expect, it } from "vitest";

import { packageSpec } from "./package-spec";

describe("packageSpec", () => {
  it.each([
    ["npx", ["-y", "@scope/pkg@1.2.3", "--flag"], [], { registryType: "npm", identifier: "@scope/pkg", version: "1.2.3", runtimeArgs: [], packageArgs: ["--flag"] }],
    ["npx", ["--prefer-offline", "pkg@2.0.0-beta.1"], [], { registryType: "npm", identifier: "pkg", version: "2.0.0-beta.1", runtimeArgs: ["--prefer-offline"], packageArgs: [] }],
    ["uvx", ["mcp-server-time==1.0.0"], [], { registryType: "pypi", identifier: "mcp-server-time", version: "1.0.0", runtimeArgs: [], packageArgs: [] }],
    ["dnx", ["TimeMcpServer@1.0.8", "--yes"], [], { registryType: "nuget", identifier: "TimeMcpServer", version: "1.0.8", runtimeArgs: [], packageArgs: ["--yes"] }],
    ["docker", ["run", "-i", "--rm", "-e", "KEY", "-e", "MODE=x", "-v", "/a:/b", "img:1.0", "serve"], ["KEY"],
      { registryType: "oci", identifier: "img:1.0", runtimeArgs: ["-e", "MODE=x", "-v", "/a:/b"], packageArgs: ["serve"] }],
    ["docker", ["run", "ghcr.io/o/i@sha256:abc"], [], { registryType: "oci", identifier: "ghcr.io/o/i@sha256:abc", runtimeArgs: [], packageArgs: [] }],
  ])("%s %j → a package", (command, args, env, spec) => {
    expect(packageSpec(command, args, env)).toEqual(spec);
  });

  it.each([
    ["npx", ["-y", "@modelcontextprotocol/server-memory"]],
    ["npx", ["pkg@latest"]],
    ["npx", ["pkg@^1.2.0"]],
    ["npx", ["pkg@1.x"]],
    ["uvx", ["--from", "pkg==1.0.0", "pkg-cli"]],
    ["docker", ["run", "-i", "--rm", "ghcr.io/o/i"]],
    ["docker", ["compose", "up"]],
    ["python", ["-m", "server"]],
  ])("%s %j → none (not a runner, or not pinned)", (command, args) => {
    expect(packageSpec(command, args, [])).toBeUndefined();
  });
});
