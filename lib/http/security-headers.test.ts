import { describe, expect, test } from "vitest";

import { pageContentSecurityPolicy } from "./security-headers";

describe("page CSP", () => {
  test("every page (forms included): nonce and strict-dynamic, no eval, no framing", () => {
    const policy = pageContentSecurityPolicy("abc", { isDevelopment: false });
    expect(policy).toContain("script-src 'self' 'nonce-abc' 'strict-dynamic';");
    expect(policy).not.toContain("unsafe-eval");
    expect(policy).toContain("frame-ancestors 'none'");
    // Server icons load from https: or data: images; never http: (lib/schemas/server-icons.ts refuses it too).
    expect(policy).toContain("img-src 'self' data: blob: https:;");
    expect(policy).not.toMatch(/http:|\*/);
  });

  test("only next dev allows eval", () => {
    expect(pageContentSecurityPolicy("abc", { isDevelopment: true })).toContain("'unsafe-eval'");
  });
});
