import { describe, expect, it } from "vitest";

import type { ResolvedConfig } from "../resolve/types";
import { DEMO_STDIO_ALLOW_ENTRY } from "../registry/demo-stdio-server";
import { refuseBeforeConnecting } from "./refuse-before-connecting";
import { isCommandLineAllowed } from "./stdio-allow";

const TAIL = "to PATCHBAY_STDIO_ALLOW (a comma-separated list) and restart Patchbay";
const MEMORY: ResolvedConfig = { type: "stdio", command: "npx", args: ["-y", "@modelcontextprotocol/server-memory"] };

describe("a refused stdio command line says how to allow it", () => {
  it("names PATCHBAY_STDIO_ALLOW and the exact entry for an imported Claude Desktop npx server", () => {
    expect(refuseBeforeConnecting(MEMORY, [DEMO_STDIO_ALLOW_ENTRY], [])).toEqual({
      status: "skipped",
      reason: `stdio command not allowed by PATCHBAY_STDIO_ALLOW: npx. To run exactly this command line, add the entry "npx -y @modelcontextprotocol/server-memory" ${TAIL}`,
    });
  });

  it("the entry it names admits that command line and no other", () => {
    const entry = "npx -y @modelcontextprotocol/server-memory";
    expect(refuseBeforeConnecting(MEMORY, [DEMO_STDIO_ALLOW_ENTRY, entry], [])).toBeNull();
    expect(isCommandLineAllowed("npx", ["-y", "@modelcontextprotocol/server-memory", "--extra"], [entry])).toBe(false);
    expect(isCommandLineAllowed("npx", ["-y", "@modelcontextprotocol/server-filesystem"], [entry])).toBe(false);
  });

  it("names the entry for refused arguments of an allowed command too", () => {
    const refusal = refuseBeforeConnecting({ type: "stdio", command: "npx", args: ["-y", "left-pad"] }, ["npx -y @modelcontextprotocol/*"], []);
    expect(refusal?.reason).toBe(`stdio arguments not allowed by PATCHBAY_STDIO_ALLOW for npx. To run exactly this command line, add the entry "npx -y left-pad" ${TAIL}`);
  });

  it("never shows a command line holding a substituted secret: only what to add", () => {
    const secret = "sk-live-0123456789";
    const config: ResolvedConfig = { type: "stdio", command: "npx", args: ["-y", "@acme/server", `--token=${secret}`] };
    const refusal = refuseBeforeConnecting(config, [], [secret]);
    expect(refusal?.reason).toBe(`stdio command not allowed by PATCHBAY_STDIO_ALLOW: npx. To run it, add its whole command line as an entry ${TAIL}`);
    expect(refusal?.reason).not.toContain(secret);
  });

  it("shows no entry when the secrets are not known (the caller could not rule them out)", () => {
    expect(refuseBeforeConnecting(MEMORY, [])?.reason).toBe(`stdio command not allowed by PATCHBAY_STDIO_ALLOW: npx. To run it, add its whole command line as an entry ${TAIL}`);
  });

  it("shows no entry for arguments an entry cannot spell out literally (whitespace, comma, '*', empty)", () => {
    for (const arg of ["two words", "a,b", "*", "x*y", ""]) {
      const refusal = refuseBeforeConnecting({ type: "stdio", command: "node", args: ["-e", arg] }, [], []);
      expect(refusal?.reason, JSON.stringify(arg)).toBe(`stdio command not allowed by PATCHBAY_STDIO_ALLOW: node. To run it, add its whole command line as an entry ${TAIL}`);
    }
  });
});

describe("the default PATCHBAY_STDIO_ALLOW admits the demo server's command line exactly", () => {
  it("admits node lib/cli/demo-mcp-server.mjs and nothing broader", () => {
    const allow = [DEMO_STDIO_ALLOW_ENTRY];
    expect(isCommandLineAllowed("node", ["lib/cli/demo-mcp-server.mjs"], allow)).toBe(true);
    expect(isCommandLineAllowed("node", ["lib/cli/demo-mcp-server.mjs", "--inspect"], allow)).toBe(false);
    expect(isCommandLineAllowed("node", ["-e", "1"], allow)).toBe(false);
    expect(isCommandLineAllowed("node", [], allow)).toBe(false);
    expect(isCommandLineAllowed("node", ["lib/cli/serve.mjs"], allow)).toBe(false);
  });
});
