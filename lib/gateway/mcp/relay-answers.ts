import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/server";

import { isInputRequiredResult } from "@modelcontextprotocol/client";

import type { McpSession } from "../../mcp/mcp-session";
import { wireMessageOf } from "../../mcp/wire-message";
import { scrubThenCut } from "../../resolve/scrub";
import { CircuitTrials, isAnswer } from "../circuit-trials";
import { createRedactor } from "../redact";
import { discardSession, type UpstreamProfile } from "../session-pool";
import type { TargetUpstream } from "../target-upstreams";
import type { GatewayTarget, UpstreamScope } from "../types";
import type { UpstreamAsk } from "./upstream-ask";

/*
 * How one upstream's answer to a relayed request (prompts, resources, completion: DESIGN §16) is taken: through the
 * circuit of its server (DESIGN §12), its failure named and its session dropped, its text redacted as a tool's is.
 */

/**
 * Who asks, and through which upstream sessions (DESIGN §16); `person`: the caller's connectionPerson, whose own
 * connection a `per_user` server is reached with (DESIGN §17; absent for the dashboard's view, which reaches none).
 */
export type RelayedRequestContext = { target: GatewayTarget; environment: string; scope: UpstreamScope; profile: UpstreamProfile; signal: AbortSignal; person?: string };

/** A request under way, with the circuits of the servers it reaches (DESIGN §12: one per server and environment, as tools'). */
export type Scoped = RelayedRequestContext & { trials?: CircuitTrials };

export type Reached = { upstream: TargetUpstream; session: McpSession };

/**
 * A referenced server whose prompts or resources are missing from a list, and why (its secrets scrubbed);
 * `connectRequired`: a `per_user` server the caller has not connected to (DESIGN §17).
 */
export type Unlisted = { server: string; alias: string; reason: string; connectRequired?: true };

/** How much of an unlisted server's reason is kept. */
const REASON_CHARS = 300;

/** Runs one relayed request through the circuits of the servers it reaches, each settled when it ends. */
export async function underCircuits<T>(context: RelayedRequestContext, run: (scoped: Scoped) => Promise<T>): Promise<T> {
  const trials = new CircuitTrials(context.environment);
  try {
    return await run({ ...context, trials });
  } finally {
    trials.settle();
  }
}

/**
 * What one server's answer (or failure to answer) says to its circuit; a caller that went away says nothing. A failure
 * reaches the client as an MCP error naming the server, its secrets scrubbed, and its pooled session is not used again.
 */
export async function observed<T>(context: Scoped, { upstream, session }: Reached, asked: Promise<T>): Promise<T> {
  try {
    const answer = await asked;
    context.trials?.answered(upstream.server);
    return answer;
  } catch (error) {
    if (isAnswer(error)) {
      context.trials?.answered(upstream.server);
      throw error;
    }
    if (!context.signal.aborted) context.trials?.failed(upstream.server);
    void discardSession(session).catch(() => {});
    throw new UnansweredError(upstream, error);
  }
}

/** A server that did not answer a relayed request (connection, HTTP 5xx, timeout): an MCP internal error naming it. */
export class UnansweredError extends ProtocolError {
  constructor(upstream: TargetUpstream, error: unknown) {
    super(ProtocolErrorCode.InternalError, `MCP server '${upstream.server}' did not answer: ${unlistedBecause(upstream, error).reason}`);
  }
}

/**
 * A prompt or a resource reaches the client as a tool's result does (DESIGN §12): the server's `redaction` applied and
 * the secrets of the session that answered scrubbed (its OAuth access token too), and so does the error it answers with.
 */
export async function redacted<T>({ upstream, session }: Reached, relay: () => Promise<T>): Promise<T> {
  const redact = createRedactor(upstream.definition.redaction, session.secrets);
  try {
    return redact(await relay());
  } catch (error) {
    if (!(error instanceof ProtocolError)) throw error;
    throw new ProtocolError(error.code, redact(wireMessageOf(error)), redact(error.data));
  } finally {
    redact.release();
  }
}

/** A 2026-07-28 upstream's "input required" as the gateway passes it on; any other answer as it is. */
export function askedOrAnswered<T>(answer: T): T | UpstreamAsk {
  if (!isInputRequiredResult(answer)) return answer;
  return { inputRequired: { inputRequests: answer.inputRequests ?? {}, ...(answer.requestState !== undefined ? { requestState: answer.requestState } : {}) } };
}

export function unlistedBecause(upstream: TargetUpstream, error: unknown, prefix = ""): Unlisted {
  const message = error instanceof Error ? error.message : String(error);
  return { server: upstream.server, alias: upstream.alias, reason: scrubThenCut(`${prefix}${message}`, upstream.secrets, REASON_CHARS) };
}
