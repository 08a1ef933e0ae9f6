import { describe, expect, test } from "vitest";

import type { ToolDefinition } from "./tool-definition";
import { diffToolsets } from "./toolset-diff";

const tool = (name: string, extra: Partial<ToolDefinition> = {}): ToolDefinition => ({ name, input_schema: { type: "object" }, ...extra });

describe("diffToolsets", () => {
  test.each([
    ["same tools, keys in another order", { a: tool("a", { description: "x", annotations: { readOnlyHint: true, openWorldHint: false } }) },
      { a: tool("a", { annotations: { openWorldHint: false, readOnlyHint: true }, description: "x" }) }, { added: [], removed: [], changed: [] }],
    ["an added tool", { a: tool("a") }, { a: tool("a"), b: tool("b") }, { added: ["b"], removed: [], changed: [] }],
    ["a removed tool", { a: tool("a"), b: tool("b") }, { a: tool("a") }, { added: [], removed: ["b"], changed: [] }],
    ["a renamed tool is one removed and one added", { old: tool("old") }, { new: tool("new") }, { added: ["new"], removed: ["old"], changed: [] }],
    ["a changed description", { a: tool("a", { description: "x" }) }, { a: tool("a", { description: "y" }) }, { added: [], removed: [], changed: [{ name: "a", fields: ["description"] }] }],
    ["a description dropped, a title added, a schema changed", { a: tool("a", { description: "x" }) },
      { a: tool("a", { title: "A", input_schema: { type: "object", required: ["q"] } }) },
      { added: [], removed: [], changed: [{ name: "a", fields: ["title", "description", "input_schema"] }] }],
  ] as const)("%s", (_label, pinned, current, expected) => {
    const diff = diffToolsets(pinned as Record<string, ToolDefinition>, current as Record<string, ToolDefinition>);
    expect({ ...diff, changed: diff.changed.map(({ name, fields }) => ({ name, fields })) }).toEqual(expected);
  });

  test("names sort by UTF-16 code units and changed tools carry both definitions", () => {
    const diff = diffToolsets({ b: tool("b", { description: "1" }) }, { "\uFB33": tool("\uFB33"), "😀": tool("😀"), B: tool("B"), b: tool("b", { description: "2" }) });
    expect(diff.added).toEqual(["B", "😀", "\uFB33"]);
    expect(diff.changed).toEqual([{ name: "b", fields: ["description"], before: tool("b", { description: "1" }), after: tool("b", { description: "2" }) }]);
  });
});
