import { describe, expect, test } from "vitest";

import { unstorablePlaceIn } from "./storable-json";

describe("unstorablePlaceIn", () => {
  test.each([
    { label: "plain values", value: { a: "x", b: [1, "é", "😀", null, true], c: { "a/b~": "ok" } } },
    { label: "a surrogate pair (an emoji written as two escapes)", value: JSON.parse('{"a":"\\ud83d\\ude00"}') },
    { label: "a key named constructor", value: JSON.parse('{"constructor":1}') },
  ])("$label: nothing", ({ value }) => {
    expect(unstorablePlaceIn(value)).toBeUndefined();
  });

  test.each([
    { label: "a lone high surrogate", json: '{"description":"x\\ud800y"}', path: "/description", message: /lone UTF-16 surrogate/ },
    { label: "a lone low surrogate at the end", json: '{"a":["ok","\\udc00"]}', path: "/a/1", message: /lone UTF-16 surrogate/ },
    { label: "a high surrogate followed by another high one", json: '{"a":"\\ud800\\ud800\\udc00"}', path: "/a", message: /lone UTF-16 surrogate/ },
    { label: "a NUL", json: '{"a":{"b":"x\\u0000"}}', path: "/a/b", message: /NUL character/ },
    { label: "a lone surrogate in a key", json: '{"mcp_servers":{"\\udc00":"x"}}', path: "/mcp_servers/\udc00", message: /has a key that contains a lone UTF-16 surrogate/ },
    { label: "a __proto__ key", json: '{"environments":{"__proto__":{"url":"http://evil"}}}', path: "/environments/__proto__", message: /`__proto__`/ },
    { label: "a key with / and ~, escaped in the pointer", json: '{"a/b~":"\\u0000"}', path: "/a~1b~0", message: /NUL/ },
    { label: "a bare string", json: '"\\ud800"', path: "", message: /lone UTF-16 surrogate/ },
  ])("$label: refused at $path", ({ json, path, message }) => {
    const found = unstorablePlaceIn(JSON.parse(json));
    expect(found?.path).toBe(path);
    expect(found?.message).toMatch(message);
  });

  test("a value nested far deeper than any body may be is walked without overflowing the stack", () => {
    const deep = JSON.parse('{"a":'.repeat(100_000) + '"\\ud800"' + "}".repeat(100_000));
    expect(unstorablePlaceIn(deep)?.path).toBe("/a".repeat(100_000));
  });
});
