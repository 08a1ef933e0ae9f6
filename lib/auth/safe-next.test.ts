import { describe, expect, test } from "vitest";

import { sanitizeNext } from "./safe-next";

describe("sanitizeNext — only same-origin paths survive; everything else becomes /", () => {
  test.each([
    ["/mcp-servers", "/mcp-servers"],
    ["/mcp-servers?tags=a%2Cb&search=x", "/mcp-servers?tags=a%2Cb&search=x"],
    ["/agents/reviewer#blueprint", "/agents/reviewer#blueprint"],
    ["/", "/"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
    ["/a/../b", "/b"],
    ["/%0a/evil", "/%0a/evil"],
  ])("keeps the path %j", (input, expected) => {
    expect(sanitizeNext(input)).toBe(expected);
  });

  test.each([
    [undefined],
    [null],
    [""],
    ["mcp-servers"],
    ["//evil.example"],
    ["//evil.example/path"],
    ["///evil.example"],
    ["/\\evil.example"],
    ["\\\\evil"],
    ["\\/evil.example"],
    ["/\t/evil.example"],
    ["/\n/evil.example"],
    [" /evil"],
    ["http://evil.example"],
    ["https://evil.example/mcp-servers"],
    ["HTTP://evil.example"],
    ["javascript:alert(1)"],
    ["JavaScript:alert(1)"],
    ["data:text/html,<script>alert(1)</script>"],
    ["/path with space"],
  ])("refuses %j", (input) => {
    expect(sanitizeNext(input as string | null | undefined)).toBe("/");
  });
});
