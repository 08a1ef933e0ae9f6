import { randomBytes } from "node:crypto";

import { createRequestStateCodec, ProtocolError, ProtocolErrorCode, type ServerContext } from "@modelcontextprotocol/server";

import { processSlot } from "../../runtime/runtime";
import type { GatewayTarget } from "../types";

/** The methods whose answer may be "input required" (2026-07-28). */
export type AskingMethod = "tools/call" | "prompts/get" | "resources/read";

/**
 * What a state was minted for, and may only be sent back with: the endpoint (target kind and name, environment)
 * and the request (method, and the tool or prompt name or resource URI) that was answered "input required".
 */
export type RequestBinding = { target: GatewayTarget; environment: string; method: AskingMethod; name: string };

/**
 * What the gateway's signed `requestState` carries (DESIGN §16), always bound to the token that may send it back
 * and to the request it answers (RequestBinding):
 * - `upstream`: a 2026-07-28 upstream asked the client for input; its own state;
 * - `round`: a 2025 upstream's questions wait in this process (lib/gateway/mcp/input-rounds.ts).
 */
export type GatewayRequestState =
  | ({ kind: "upstream"; owner: string; state?: string } & RequestBinding)
  | ({ kind: "round"; owner: string; round: string } & RequestBinding);

// HMAC over the state, with a key of this process: a round lives in its memory anyway, and an upstream's state comes
// back to the instance that minted it as long as a client keeps to one.
const codec = processSlot("gateway.requestStateCodec", () => createRequestStateCodec<GatewayRequestState>({ key: randomBytes(32), ttlSeconds: 3600 }));

/** The `requestState` option of the gateway's servers: a state the gateway did not sign, or signed for another, is refused before any handler runs. */
export const requestStateVerification = { verify: (state: string, ctx: ServerContext) => codec.verify(state, ctx) };

export function mintRequestState(state: GatewayRequestState): Promise<string> {
  return codec.mint(state);
}

/**
 * The verified state a retry carries, when it is the caller's and was minted for this very request (`binding`);
 * another caller's, or one minted for another endpoint, environment, method or name, is refused as the SDK refuses
 * a forged one.
 */
export function requestStateOf(ctx: ServerContext, owner: string, binding: RequestBinding): GatewayRequestState | undefined {
  const state = ctx.mcpReq.requestState<GatewayRequestState>();
  if (state === undefined || typeof state === "string") return undefined;
  if (state.owner !== owner || !isBoundTo(state, binding)) throw invalidRequestState();
  return state;
}

/** Whether `bound` (a state, a round) was made for the request `binding` describes. */
export function isBoundTo(bound: RequestBinding, binding: RequestBinding): boolean {
  return bound.target.kind === binding.target.kind && bound.target.name === binding.target.name && bound.environment === binding.environment
    && bound.method === binding.method && bound.name === binding.name;
}

/** The refusal of a state the gateway did not sign, or not for this caller and request. */
export function invalidRequestState(): ProtocolError {
  return new ProtocolError(ProtocolErrorCode.InvalidParams, "Invalid or expired requestState", { reason: "invalid_request_state" });
}
