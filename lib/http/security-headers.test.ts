import { describe, expect, test } from "vitest";

import { allowsEval, pageContentSecurityPolicy } from "./security-headers";

describe("page CSP", () => {
  test.each([
    ["/mcp-servers/new", true],
    ["/mcp-servers/context-store/edit", true],
    ["/capabilities/new", true],
    ["/mcp-servers", false],
    ["/mcp-servers/context-store", false],
    ["/mcp-servers/a/b/edit", false],
    ["/tokens", false],
  ])("eval on %s: %s", (path, expected) => {
    expect(allowsEval(path)).toBe(expected);
  });

  test("strict pages: nonce and strict-dynamic, no eval, no framing", () => {
    const policy = pageContentSecurityPolicy("abc", { allowEval: false });
    expect(policy).toContain("script-src 'self' 'nonce-abc' 'strict-dynamic';");
    expect(policy).not.toContain("unsafe-eval");
    expect(policy).toContain("frame-ancestors 'none'");
  });
});
