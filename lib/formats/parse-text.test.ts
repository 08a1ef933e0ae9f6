import { describe, expect, it } from "vitest";

import { parseText } from "./parse-text";

describe("parseText", () => {
  it.each([
    ["plain JSON", '{"a": 1}', { a: 1 }],
    ["JSON behind a UTF-8 BOM", '\uFEFF{"a": 1}', { a: 1 }],
    ["JSONC with line and block comments", '// head\n{ /* inline */ "a": 1 }', { a: 1 }],
    ["JSONC with trailing commas", '{"a": [1, 2,], "b": {"c": 3,},}', { a: [1, 2], b: { c: 3 } }],
    ["JSONC behind a BOM", '\uFEFF// vscode\n{"servers": {},}', { servers: {} }],
  ])("parses %s", (_, text, value) => {
    expect(parseText(text)).toEqual({ ok: true, value });
  });

  it.each([
    ["a missing comma", '{\n  "a": 1\n  "b": 2\n}', "is not valid JSON: comma expected at line 3, column 3"],
    ["an unclosed object", '{"a": 1', "is not valid JSON: close brace expected at line 1, column 8"],
    ["empty text", "", "is not valid JSON: value expected at line 1, column 1"],
  ])("reports %s with its line and column", (_, text, message) => {
    expect(parseText(text)).toEqual({ ok: false, error: { path: "", message } });
  });
});
