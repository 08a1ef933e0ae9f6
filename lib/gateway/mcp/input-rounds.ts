import { randomUUID } from "node:crypto";
import { setImmediate as nextTurn } from "node:timers/promises";

import { ProtocolError, ProtocolErrorCode, type InputRequest, type InputRequiredResult } from "@modelcontextprotocol/server";

import { getConfig } from "../../env";
import { processSlot } from "../../runtime/runtime";
import type { PeerRequestMethod } from "../../mcp/mcp-session";
import type { Relay } from "./relay";
import { invalidRequestState, isBoundTo, mintRequestState, type RequestBinding } from "./request-state";

type Ask = { request: InputRequest; resolve(result: Record<string, unknown>): void; reject(error: unknown): void };

/**
 * A request of a 2026-07-28 client whose upstream asked for input while serving it (DESIGN §16): the upstream call
 * goes on, its questions wait here, and the client is answered with an `InputRequiredResult`; its retry with
 * `inputResponses` answers them, and is answered with the result or the next questions.
 */
type Round = {
  id: string;
  owner: string;
  /** The request it serves (endpoint, environment, method, name): only that request continues it. */
  binding: RequestBinding;
  /** Questions the client has not answered yet, by the key it was sent under. */
  asks: Map<string, Ask>;
  asked: number;
  outcome: Promise<{ result: unknown } | { error: unknown }>;
  /** Settles when a question comes or the outcome does. */
  wake: () => void;
  woken: Promise<void>;
  expiry: NodeJS.Timeout;
  aborter: AbortController;
  end(): void;
};

const rounds = processSlot("gateway.inputRounds", () => new Map<string, Round>());

export type RoundsOptions = {
  /** Who the request runs for (a token's key): only they may continue it. */
  owner: string;
  /** The request being served: the round is bound to it, as is the `requestState` naming the round. */
  binding: RequestBinding;
  /** What the client declared in this request: only those questions reach it; others are the upstream's "Method not found". */
  relayTo: Omit<Relay, "request">;
  /** Called when a round starts and when it ends, whichever way (the request's upstream scope stays open between). */
  onStart?: () => void;
  onEnd?: () => void;
};

/**
 * Serves one 2026-07-28 request that may need the client's input: a first request starts `serve` with a relay
 * whose questions are kept; a retry (its `requestState` verified, the caller's, and for this request) continues the
 * round it names.
 * Either way the answer is the result, or an `InputRequiredResult` with every open question.
 */
export async function serveInRounds<T>(continuing: { round: string } | undefined, inputResponses: Record<string, unknown>, options: RoundsOptions, serve: (relay: Relay, signal: AbortSignal) => Promise<T>): Promise<T | InputRequiredResult> {
  const round = continuing === undefined ? startRound(options, serve) : continueRound(continuing.round, options, inputResponses);
  return nextAnswer(round) as Promise<T | InputRequiredResult>;
}

function startRound<T>(options: RoundsOptions, serve: (relay: Relay, signal: AbortSignal) => Promise<T>): Round {
  let wake = () => {};
  // The upstream call outlives the HTTP request that started it: it ends with the round.
  const aborter = new AbortController();
  const round: Round = {
    id: randomUUID(), owner: options.owner, binding: options.binding, asks: new Map(), asked: 0, aborter,
    outcome: Promise.resolve({ result: undefined }),
    wake: () => wake(), woken: Promise.resolve(),
    // A client that never comes back: its questions are refused, which ends the upstream call.
    expiry: setTimeout(() => expire(round), getConfig().PATCHBAY_GATEWAY_IDLE_S * 1000),
    end() {
      clearTimeout(round.expiry);
      rounds.delete(round.id);
      options.onEnd?.();
    },
  };
  round.expiry.unref();
  const rearm = () => {
    round.woken = new Promise<void>((resolve) => (wake = () => { resolve(); }));
  };
  rearm();
  round.wake = () => {
    wake();
    rearm();
  };
  const relay: Relay = {
    ...options.relayTo,
    request: (method: PeerRequestMethod, params, signal, inputKey) => new Promise((resolve, reject) => {
      // The upstream's own key when it gave one (clients may know it), else one of ours.
      const key = inputKey !== undefined && !round.asks.has(inputKey) ? inputKey : `input-${++round.asked}`;
      round.asks.set(key, { request: { method, params } as InputRequest, resolve, reject });
      signal.addEventListener("abort", () => round.asks.delete(key), { once: true });
      round.wake();
    }),
  };
  options.onStart?.();
  round.outcome = serve(relay, aborter.signal).then((result) => ({ result }), (error: unknown) => ({ error }));
  void round.outcome.then(() => round.wake());
  rounds.set(round.id, round);
  return round;
}

function continueRound(id: string, { owner, binding }: RoundsOptions, responses: Record<string, unknown>): Round {
  const round = rounds.get(id);
  if (!round || round.owner !== owner || !isBoundTo(round.binding, binding)) throw invalidRequestState();
  for (const [key, ask] of round.asks) {
    if (!(key in responses)) continue;
    round.asks.delete(key);
    ask.resolve(responses[key] as Record<string, unknown>);
  }
  return round;
}

/**
 * Waits for the round's result or an open question. Questions asked together (an upstream's several input
 * requests, fulfilled side by side) are sent together: the answer waits one turn of the event loop for them.
 */
async function nextAnswer(round: Round): Promise<unknown> {
  let settled: { result: unknown } | { error: unknown } | undefined;
  void round.outcome.then((outcome) => (settled = outcome));
  while (settled === undefined && round.asks.size === 0) await Promise.race([round.woken, round.outcome]);
  await nextTurn();
  if (settled === undefined && round.asks.size === 0) return nextAnswer(round);
  if (settled !== undefined && round.asks.size === 0) {
    round.end();
    if ("error" in settled) throw settled.error;
    return settled.result;
  }
  const inputRequests = Object.fromEntries([...round.asks].map(([key, ask]) => [key, ask.request]));
  return { resultType: "input_required", inputRequests, requestState: await mintRequestState({ kind: "round", round: round.id, owner: round.owner, ...round.binding }) } satisfies InputRequiredResult;
}

function expire(round: Round): void {
  for (const ask of round.asks.values()) ask.reject(new ProtocolError(ProtocolErrorCode.InternalError, "The client did not answer in time"));
  round.asks.clear();
  round.aborter.abort();
  void round.outcome.finally(() => round.end());
}
