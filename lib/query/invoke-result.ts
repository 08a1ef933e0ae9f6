import { normalizeToolResult } from "../mcp/normalize-content";
import type { InvokeResponse } from "../schemas/invoke";
import type { ToolCallResult } from "./types";

/** A tool call's outcome as the dashboard shows it, whichever endpoint ran it; `approval` when it waits for one. */
export type TryOutcome = ToolCallResult & { approval?: { id: string; state: string } };

/** POST /api/invoke's 202 body: the call waits for an approval. */
export type InvokeAwaiting = { approval: { id: string; state: string }; detail: string };

/**
 * Seed 001's unified answer (or its 202) as the normalized result the editor's call gives: `text` → one text
 * item, `image`/`audio` → that item, `tool_result` → the MCP result normalized (its `isError` kept).
 */
export function fromInvokeAnswer(answer: InvokeResponse | InvokeAwaiting): TryOutcome {
  if ("approval" in answer) return { is_error: true, content: [{ type: "text", text: answer.detail }], latency_ms: 0, approval: answer.approval };

  const latency_ms = answer.metadata.latency_ms;
  switch (answer.type) {
    case "text":
      return { is_error: false, content: [{ type: "text", text: String(answer.content) }], latency_ms };
    case "image":
    case "audio":
      return { is_error: false, content: [{ type: answer.type, mime_type: answer.mime_type, data: String(answer.content) }], latency_ms };
    case "tool_result":
      return { ...normalizeToolResult((answer.content ?? {}) as Record<string, unknown>), latency_ms };
  }
}
