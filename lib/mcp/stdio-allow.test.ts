import { describe, expect, it } from "vitest";

import { checkStdioAllow, isCommandLineAllowed, matchesGlob, refuseCommandLine } from "./stdio-allow";

describe("isCommandLineAllowed — whole command lines", () => {
  const allow = ["node /opt/mcp/*.js", "node /opt/mcp/*/*.js", "uvx mcp-server-fetch", "npx -y @modelcontextprotocol/*", "/usr/bin/python3 -m server_*", "deno **", "bun run * **"];
  const cases: Array<[string, string[], boolean]> = [
    ["node", ["/opt/mcp/fs.js"], true],
    ["node", ["/opt/mcp/sub/fs.js"], true],
    ["node", ["/opt/mcp/sub/deeper/fs.js"], false],
    ["node", ["/opt/mcp/../fs.js"], false],
    ["node", ["/opt/mcp/fs.mjs"], false],
    ["node", ["/opt/mcp/../../tmp/evil.js"], false],
    ["node", ["/opt/mcp/fs.js", "--inspect"], false],
    ["node", [], false],
    ["node", ["-e", "require('fs')"], false],
    ["uvx", ["mcp-server-fetch"], true],
    ["uvx", ["mcp-server-fetch", "--x"], false],
    ["uvx", ["mcp-server-fetch2"], false],
    ["npx", ["-y", "@modelcontextprotocol/server-everything"], true],
    ["npx", ["-y", "@evil/server"], false],
    ["npx", ["@modelcontextprotocol/server-everything"], false],
    ["/usr/bin/python3", ["-m", "server_time"], true],
    ["/usr/bin/../bin/python3", ["-m", "server_time"], true],
    ["python3", ["-m", "server_time"], false],
    ["deno", [], true],
    ["deno", ["run", "-A", "x.ts"], true],
    ["bun", ["run", "a.ts"], true],
    ["bun", ["run", "a.ts", "--port", "1"], true],
    ["bun", ["run"], false],
    ["./node", ["/opt/mcp/fs.js"], false],
    ["node -e 1", [], false],
    ["node\0", ["/opt/mcp/fs.js"], false],
    ["NODE", ["/opt/mcp/fs.js"], false],
    ["node", ["/opt/mcp/fs.js\0"], false],
  ];
  it.each(cases)("%j %j → %s", (command, args, expected) => {
    expect(isCommandLineAllowed(command, args, allow)).toBe(expected);
  });

  it("a bare command entry allows that command with no arguments only; an empty list allows nothing", () => {
    expect(isCommandLineAllowed("node", [], ["node"])).toBe(true);
    expect(isCommandLineAllowed("node", ["server.js"], ["node"])).toBe(false);
    expect(isCommandLineAllowed("node", [], [])).toBe(false);
  });

  it("names which part was refused", () => {
    expect(refuseCommandLine("touch", ["/tmp/x"], allow)).toBe("command");
    expect(refuseCommandLine("node", ["/tmp/x.js"], allow)).toBe("arguments");
    expect(refuseCommandLine("node", ["/opt/mcp/a.js"], allow)).toBeNull();
  });

  it("refuses entries that can never match, naming them", () => {
    expect(checkStdioAllow(["node /opt/*.js", "node **", "/usr/bin/uvx x"])).toEqual([]);
    expect(checkStdioAllow(["./node x", "no*de", "node ** x"])).toEqual([
      "'./node x': a command path must be absolute", "'no*de': the command takes no wildcard", "'node ** x': '**' may only end an entry",
    ]);
  });
});

/**
 * DESIGN §14 "stdio patterns": `*` matches a run of `[A-Za-z0-9._-]` inside one argument; `/`, `@`, `:`, `+`, `#`, `=`
 * and everything else must be written literally. The attacks: npx installs whatever spec follows the package name.
 */
describe("stdio patterns: '*' stays inside a package name", () => {
  const allow = ["npx -y @modelcontextprotocol/*", "npx -y @pinned/*@*", "uvx mcp-server-*"];
  const attacks = [
    "@modelcontextprotocol/server-x@https://127.0.0.1:9/p.tgz",
    "@modelcontextprotocol/server-x@http://127.0.0.1:9/p.tgz",
    "@modelcontextprotocol/server-x@git+https://example.com/evil.git",
    "@modelcontextprotocol/server-x@git+ssh://git@example.com/evil.git#main",
    "@modelcontextprotocol/server-x@github:evil/pkg",
    "@modelcontextprotocol/server-x@npm:left-pad@1",
    "@modelcontextprotocol/server-x@file:/tmp/evil",
    "@modelcontextprotocol/server-x@file:../../tmp/evil",
    "@modelcontextprotocol/server-x@1",
    "@modelcontextprotocol/server-x/../../evil",
    "@modelcontextprotocol/a/b",
    "@modelcontextprotocol/server x",
    "@modelcontextprotocol/server-x=1",
    "@modelcontextprotocol/server-x#main",
    "@modelcontextprotocol/server-x+y",
    "@modelcontextprotocol/server-x\\y",
    "@modelcontextprotocol/server-x\ny",
    "@modelcontextprotocol/sérver",
  ];
  it.each(attacks)("refuses npx -y %j", (spec) => {
    expect(refuseCommandLine("npx", ["-y", spec], allow)).toBe("arguments");
  });

  it.each([
    "@pinned/server@https://127.0.0.1:9/p.tgz",
    "@pinned/server@git+https://example.com/evil.git",
    "@pinned/server@npm:left-pad@1",
    "@pinned/server@file:/tmp/evil",
    "@pinned/server@1.0.0@x",
  ])("a version pin '*@*' still takes no URL, alias or path: refuses npx -y %j", (spec) => {
    expect(refuseCommandLine("npx", ["-y", spec], allow)).toBe("arguments");
  });

  it.each([
    ["npx", ["-y", "@modelcontextprotocol/server-memory"]],
    ["npx", ["-y", "@modelcontextprotocol/server-everything"]],
    ["npx", ["-y", "@modelcontextprotocol/server.v2_beta-1"]],
    ["npx", ["-y", "@pinned/server@1.2.3"]],
    ["npx", ["-y", "@pinned/server@latest"]],
    ["npx", ["-y", "@pinned/server@1.0.0-rc.1"]],
    ["uvx", ["mcp-server-fetch"]],
  ])("admits %s %j", (command, args) => {
    expect(refuseCommandLine(command, args, allow)).toBeNull();
  });
});

describe("matchesGlob", () => {
  it.each([
    ["*", "", true], ["a*", "abc", true], ["*c", "abc", true], ["a*c", "ac", true], ["a*b*c", "aXbYc", true],
    ["a*b*c", "aXbY", false], ["abc", "abc", true], ["abc", "abd", false], ["*.js", "x.json", false],
    ["*", "a.b_c-D9", true], ["*", "a/b", false], ["*", "a@b", false], ["*", "a:b", false], ["*", "a+b", false],
    ["*", "a#b", false], ["*", "a=b", false], ["*", "a b", false], ["*", "a%2Fb", false], ["*/*", "a/b", true],
    ["*@*", "x@1.0", true], ["*@*", "x@1@2", false], ["a/*.js", "a/b/c.js", false], ["*.js", "*.js", false], ["a😀", "a😀", true],
  ])("%j ~ %j → %s", (pattern, text, expected) => {
    expect(matchesGlob(pattern, text)).toBe(expected);
  });

  it("stays linear-ish on a pathological pattern", () => {
    expect(matchesGlob("*a*a*a*a*a*a*a*b", "a".repeat(20_000))).toBe(false);
    expect(matchesGlob("*a*a*a*a*a*a*a*b", `${"a".repeat(20_000)}/b`)).toBe(false);
  });
});
