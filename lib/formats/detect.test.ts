import { describe, expect, it } from "vitest";

import { convert, detectFormat } from "./detect";
import { parseText } from "./parse-text";
import { DETECTED_FORMATS } from "./fixtures/detected-formats";
import { readFixture } from "./fixtures/helpers";

const documentOf = (name: string) => (parseText(readFixture(name)) as { value: unknown }).value;

describe("detectFormat", () => {
  it.each(DETECTED_FORMATS)("%s → %s", (fixture, format) => {
    expect(detectFormat(documentOf(fixture))).toBe(format);
  });

  it.each([
    ["a bare array of {server, _meta}", [{ server: { name: "a/b" }, _meta: {} }], "official"],
    ["a server.json without $schema", { name: "a/b", version: "1", remotes: [] }, "official"],
    ["a seed 004 file without schemaVersion", { servers: [{ name: "f", stdio: { command: "uvx" } }] }, "unified"],
    ["an empty object", {}, null],
    ["an empty array", [], null],
    ["a string", "mcp", null],
  ])("%s → %s", (_, document, format) => {
    expect(detectFormat(document)).toBe(format);
  });
});

describe("convert", () => {
  it("reports text that is not JSON, with where it breaks", () => {
    expect(convert('{"mcpServers": {')).toEqual({
      format: null,
      servers: [],
      capabilities: [],
      agents: [],
      renamed: [],
      skipped: [],
      errors: [{ path: "", message: "is not valid JSON: close brace expected at line 1, column 17" }],
      placeholders: {},
    });
  });

  it("reports a document in no known format", () => {
    expect(convert('{"hello": "world"}').errors).toEqual([
      {
        path: "",
        message: "is in no known format; pass one of native, official, unified, mcp-json, mcp-registry, vscode, mcp-servers, server-json",
      },
    ]);
  });

  it("reads the document as the format it is told, and says so when it does not fit", () => {
    const text = readFixture("mcp-servers.json");
    expect(convert(text, { format: "mcp-servers" }).servers).toHaveLength(4);
    expect(convert(text, { format: "mcp-registry" })).toMatchObject({
      format: "mcp-registry",
      servers: [],
      errors: [{ path: "", message: "must be an object with a 'plugins' array" }],
    });
  });

  it("gives a blank description the default, right after the name", () => {
    const text = JSON.stringify({ mcpServers: { a: { command: "x", description: "  " } } });
    expect(Object.entries(convert(text).servers[0] as object).slice(0, 2)).toEqual([
      ["name", "a"],
      ["description", "Imported from mcp-servers"],
    ]);
  });
});
