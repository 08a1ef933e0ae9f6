import type { ConnectRequired, McpToolResult, UpstreamInputRequired } from "../types";

/** A relayed request the upstream answered with "input required" (2026-07-28): what it asks, before any result. */
export type UpstreamAsk = { inputRequired: UpstreamInputRequired };

export function isUpstreamAsk(answer: unknown): answer is UpstreamAsk {
  return typeof answer === "object" && answer !== null && "inputRequired" in answer;
}

/** A call to a `per_user` server the caller has not connected to (DESIGN §17): nothing was sent; `result` is the tool error for a client that cannot be sent to connect. */
export type ConnectAsk = { connectRequired: ConnectRequired; result: McpToolResult };

export function isConnectAsk(answer: unknown): answer is ConnectAsk {
  return typeof answer === "object" && answer !== null && "connectRequired" in answer;
}
