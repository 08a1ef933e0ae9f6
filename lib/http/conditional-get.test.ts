import { describe, expect, it } from "vitest";

import { etagOver, matchesIfNoneMatch, notModified } from "./conditional-get";

const withHeader = (value: string) => new Request("http://127.0.0.1/x", { headers: { "If-None-Match": value } });

describe("etagOver", () => {
  it.each([
    [["servers", 3, "viewer"], ["servers", 3, "viewer"], true],
    [["servers", 3, "viewer"], ["servers", 4, "viewer"], false],
    [["servers", 3, "viewer"], ["servers", 3, "runner"], false],
    [["a", "bc"], ["ab", "c"], false],
    [[null], [""], true],
  ] as const)("%j vs %j equal: %s", (left, right, equal) => {
    expect(etagOver(left) === etagOver(right)).toBe(equal);
  });

  it("is a quoted strong tag", () => {
    expect(etagOver(["x"])).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
  });
});

describe("matchesIfNoneMatch", () => {
  const tag = etagOver(["x"]);
  it.each([
    [tag, true],
    [`W/${tag}`, true],
    [`"other", ${tag}`, true],
    ["*", true],
    ['"other"', false],
    ["", false],
  ])("If-None-Match %s → %s", (header, expected) => {
    expect(matchesIfNoneMatch(withHeader(header), tag)).toBe(expected);
  });

  it("is false without the header", () => {
    expect(matchesIfNoneMatch(new Request("http://127.0.0.1/x"), tag)).toBe(false);
  });
});

describe("notModified", () => {
  it("answers 304 with the tag and no body", async () => {
    const response = notModified('"t"', { "Cache-Control": "max-age=30" });
    expect(response.status).toBe(304);
    expect(response.headers.get("etag")).toBe('"t"');
    expect(response.headers.get("cache-control")).toBe("max-age=30");
    expect(await response.text()).toBe("");
  });
});
