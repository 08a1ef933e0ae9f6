import { randomBytes } from "node:crypto";

import { createRequestStateCodec, ProtocolError, ProtocolErrorCode, type ServerContext } from "@modelcontextprotocol/server";

import { processSlot } from "../../runtime/runtime";

/** The methods whose answer may be "input required" (2026-07-28). */
export type AskingMethod = "tools/call" | "prompts/get" | "resources/read";

/**
 * What the gateway's signed `requestState` carries (DESIGN §16), always bound to the token that may send it back:
 * - `upstream`: a 2026-07-28 upstream asked the client for input; its own state, and the request it belongs to;
 * - `round`: a 2025 upstream's questions wait in this process (lib/gateway/mcp/input-rounds.ts).
 */
export type GatewayRequestState =
  | { kind: "upstream"; owner: string; method: AskingMethod; name: string; state?: string }
  | { kind: "round"; owner: string; round: string };

// HMAC over the state, with a key of this process: a round lives in its memory anyway, and an upstream's state comes
// back to the instance that minted it as long as a client keeps to one.
const codec = processSlot("gateway.requestStateCodec", () => createRequestStateCodec<GatewayRequestState>({ key: randomBytes(32), ttlSeconds: 3600 }));

/** The `requestState` option of the gateway's servers: a state the gateway did not sign, or signed for another, is refused before any handler runs. */
export const requestStateVerification = { verify: (state: string, ctx: ServerContext) => codec.verify(state, ctx) };

export function mintRequestState(state: GatewayRequestState): Promise<string> {
  return codec.mint(state);
}

/** The verified state a retry carries, when it is the caller's; another caller's is refused as the SDK refuses a forged one. */
export function requestStateOf(ctx: ServerContext, owner: string): GatewayRequestState | undefined {
  const state = ctx.mcpReq.requestState<GatewayRequestState>();
  if (state === undefined || typeof state === "string") return undefined;
  if (state.owner !== owner) throw new ProtocolError(ProtocolErrorCode.InvalidParams, "Invalid or expired requestState", { reason: "invalid_request_state" });
  return state;
}
