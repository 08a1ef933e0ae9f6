import { describe, expect, test } from "vitest";

import { parseInlineConfig } from "./inline-config";

describe("parseInlineConfig — the inline config editor's check", () => {
  test.each([
    ['{"type": "http", "url": "http://127.0.0.1:9/mcp"}', { value: { type: "http", url: "http://127.0.0.1:9/mcp" } }],
    ['{"command": "npx", "args": ["server"]}', { value: { command: "npx", args: ["server"] } }],
  ])("%s is a config", (text, expected) => expect(parseInlineConfig(text)).toEqual(expected));

  test.each([
    ['{"type": "http",', /is not valid JSON/],
    ['["http"]', /type, url or command/],
    ['{"server": "docs", "url": "http://x"}', /type, url or command/],
    ['{"type": "http", "headers": {"A": 1}}', /^headers\.A: /],
  ])("%s is refused", (text, message) => {
    const result = parseInlineConfig(text);
    expect("error" in result && result.error).toMatch(message);
  });
});
