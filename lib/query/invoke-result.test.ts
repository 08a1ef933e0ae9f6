import { describe, expect, it } from "vitest";

import { fromInvokeAnswer } from "./invoke-result";

const metadata = { provider: "everything", latency_ms: 12, attempts: 1, trace_id: "t" };

describe("fromInvokeAnswer", () => {
  it.each([
    ["one text block", { type: "text", content: "Echo: hi", mime_type: "text/plain", metadata, stream: false },
      { is_error: false, content: [{ type: "text", text: "Echo: hi" }], latency_ms: 12 }],
    ["one image block", { type: "image", content: "iVBOR", mime_type: "image/png", metadata, stream: false },
      { is_error: false, content: [{ type: "image", mime_type: "image/png", data: "iVBOR" }], latency_ms: 12 }],
    ["a tool error, kept as one", { type: "tool_result", content: { isError: true, content: [{ type: "text", text: "boom" }] }, mime_type: "application/json", metadata, stream: false },
      { is_error: true, content: [{ type: "text", text: "boom" }], latency_ms: 12 }],
    ["several blocks with a resource and structured content",
      { type: "tool_result", content: { content: [{ type: "text", text: "a" }, { type: "resource", resource: { uri: "test://1", mimeType: "text/plain", text: "r" } }], structuredContent: { n: 1 } }, mime_type: "application/json", metadata, stream: false },
      { is_error: false, content: [{ type: "text", text: "a" }, { type: "resource", uri: "test://1", mime_type: "text/plain", text: "r" }], structured_content: { n: 1 }, latency_ms: 12 }],
    ["a 202 awaiting approval", { approval: { id: "ap_1", state: "awaiting_approval" }, detail: "Needs approval ap_1" },
      { is_error: true, content: [{ type: "text", text: "Needs approval ap_1" }], latency_ms: 0, approval: { id: "ap_1", state: "awaiting_approval" } }],
  ] as const)("%s", (_name, answer, expected) => {
    expect(fromInvokeAnswer(answer as Parameters<typeof fromInvokeAnswer>[0])).toEqual(expected);
  });
});
