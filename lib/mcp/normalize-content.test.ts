import { describe, expect, it } from "vitest";

import { normalizeToolResult } from "./normalize-content";

describe("normalizeToolResult", () => {
  it.each([
    [{ type: "text", text: "hi" }, { type: "text", text: "hi" }],
    [{ type: "image", data: "AAA", mimeType: "image/png" }, { type: "image", mime_type: "image/png", data: "AAA" }],
    [{ type: "audio", data: "BBB", mimeType: "audio/wav" }, { type: "audio", mime_type: "audio/wav", data: "BBB" }],
    [{ type: "resource", resource: { uri: "file:///a.txt", mimeType: "text/plain", text: "body" } },
      { type: "resource", uri: "file:///a.txt", mime_type: "text/plain", text: "body" }],
    [{ type: "resource", resource: { uri: "file:///a.bin", blob: "Q0M=" } }, { type: "resource", uri: "file:///a.bin", blob: "Q0M=" }],
    [{ type: "resource_link", uri: "demo://r/1", name: "r1", mimeType: "application/json" },
      { type: "resource", uri: "demo://r/1", mime_type: "application/json" }],
    [{ type: "hologram", frames: 3 }, { type: "text", text: '{"type":"hologram","frames":3}' }],
  ])("%j → %j", (item, expected) => {
    expect(normalizeToolResult({ content: [item] }).content).toEqual([expected]);
  });

  it("carries is_error and structured_content", () => {
    expect(normalizeToolResult({ content: [], isError: true, structuredContent: { sum: 3 } }))
      .toEqual({ is_error: true, content: [], structured_content: { sum: 3 } });
    expect(normalizeToolResult({ content: [] })).toEqual({ is_error: false, content: [] });
  });

  it("turns a legacy toolResult answer into one text item", () => {
    expect(normalizeToolResult({ toolResult: { ok: 1 } })).toEqual({ is_error: false, content: [{ type: "text", text: '{"ok":1}' }] });
  });
});
