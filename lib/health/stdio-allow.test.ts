import { describe, expect, it } from "vitest";

import { checkStdioAllow, isCommandLineAllowed, matchesGlob, refuseCommandLine } from "./stdio-allow";

describe("isCommandLineAllowed — whole command lines", () => {
  const allow = ["node /opt/mcp/*.js", "uvx mcp-server-fetch", "npx -y @modelcontextprotocol/*", "/usr/bin/python3 -m server_*", "deno **", "bun run * **"];
  const cases: Array<[string, string[], boolean]> = [
    ["node", ["/opt/mcp/fs.js"], true],
    ["node", ["/opt/mcp/sub/fs.js"], true],
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

describe("matchesGlob", () => {
  it.each([
    ["*", "", true], ["a*", "abc", true], ["*c", "abc", true], ["a*c", "ac", true], ["a*b*c", "aXbYc", true],
    ["a*b*c", "aXbY", false], ["abc", "abc", true], ["abc", "abd", false], ["*.js", "x.json", false],
  ])("%j ~ %j → %s", (pattern, text, expected) => {
    expect(matchesGlob(pattern, text)).toBe(expected);
  });

  it("stays linear-ish on a pathological pattern", () => {
    expect(matchesGlob("*a*a*a*a*a*a*a*b", "a".repeat(20_000))).toBe(false);
  });
});
