import type { UpstreamInputRequired } from "../types";

/** A relayed request the upstream answered with "input required" (2026-07-28): what it asks, before any result. */
export type UpstreamAsk = { inputRequired: UpstreamInputRequired };

export function isUpstreamAsk(answer: unknown): answer is UpstreamAsk {
  return typeof answer === "object" && answer !== null && "inputRequired" in answer;
}
