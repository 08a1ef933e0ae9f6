import { randomUUID } from "node:crypto";

import {
  CLIENT_CAPABILITIES_META_KEY, ProtocolError, ProtocolErrorCode, Server, UrlElicitationRequiredError, type ClientCapabilities, type InputRequiredResult, type LoggingLevel, type ServerContext, type ServerOptions,
} from "@modelcontextprotocol/server";

import type { Principal } from "../../auth/principal";
import { NotFoundError } from "../../errors";
import { connectMessage, connectPageUrl } from "../../oauth/connect-page";
import { connectionPerson } from "../../oauth/oauth-store";
import { runToolCall } from "../run-tool-call";
import type { UpstreamProfile } from "../session-pool";
import { advertisedTools, loadTargetTools } from "../target-tools";
import type { CallRelay, ConnectRequired, GatewayTarget, McpToolResult, UpstreamResume, UpstreamScope } from "../types";
import { ConnectRequiredError } from "../target-upstreams";
import { serveInRounds, type RoundsOptions } from "./input-rounds";
import { isConnectAsk, isUpstreamAsk, type ConnectAsk, type UpstreamAsk } from "./upstream-ask";
import { mintRequestState, requestStateOf, type AskingMethod, type RequestBinding } from "./request-state";
import { relayingTo, type Relay } from "./relay";
import type { RelayedRequestContext } from "./relay-answers";
import {
  complete, getPrompt, listPrompts, listResources, listResourceTemplates, readResource, setLogLevel, subscribeResource, unsubscribeResource,
} from "./relayed-requests";

/** Who a session's calls run for, and where its stdio upstreams live. */
export type GatewayCallContext = {
  target: GatewayTarget; environment: string; caller: Principal; scope: UpstreamScope; sessionId: () => string | undefined;
  /** Where Patchbay is reached by browsers: a `per_user` server's connect page is linked under it. */
  baseUrl: string;
};

export type GatewayServerOptions = GatewayCallContext & {
  /** The target's revision: the version in serverInfo. */
  version: string;
  /** Told the revision of every tool list the session was sent, so list_changed compares against what it saw. */
  onListed: (revision: string) => void;
  /**
   * The upstream sessions that relay for this client: for its calls, and (`subscriptions`) for its resource
   * subscriptions alone — a 2025 session's, or a 2026-07-28 request's own.
   */
  profiles: (server: Server, ctx: ServerContext) => { calls: UpstreamProfile; subscriptions: UpstreamProfile };
  /**
   * Who this client is (its token's key): `requestState` is bound to it, and an upstream's requests reach this
   * client's requests only from upstream sessions of its own.
   */
  owner: string;
  /**
   * 2026-07-28: a 2025 upstream's questions go back to the client in rounds (lib/gateway/mcp/input-rounds.ts).
   * Absent for a 2025 session, whose client is asked directly.
   */
  rounds?: Omit<RoundsOptions, "relayTo" | "owner" | "binding">;
};

/** A relayed request's answer: the result, or what a 2026-07-28 upstream asks the client first. */
type Asked = object | UpstreamAsk;

/** The levels of RFC 5424 as MCP orders them, least severe first. */
const LOG_LEVELS: LoggingLevel[] = ["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"];

/**
 * The MCP server one gateway session talks to (DESIGN §12, §16): the target's effective tools, and the prompts,
 * resources, completion and logging of the servers behind it, each request relayed to the server that owns what it
 * names. While an upstream serves a request of this client, its log messages and progress reach the client, and its
 * sampling, elicitation and roots requests are asked of the client when it declared the capability.
 */
export function createGatewayServer(options: GatewayServerOptions, serverOptions: Omit<ServerOptions, "capabilities"> = {}): Server {
  const { target, environment, version, onListed } = options;
  const server = new Server({ name: `patchbay/${target.name}`, version }, {
    ...serverOptions,
    capabilities: { tools: { listChanged: true }, prompts: { listChanged: true }, resources: { subscribe: true, listChanged: true }, completions: {}, logging: {} },
  });
  let logLevel: LoggingLevel | undefined;
  const relayFor = (ctx: ServerContext): Relay => ({
    capabilities: clientCapabilities(server, ctx),
    caller: options.owner,
    request: (method, params, signal) => ctx.mcpReq.send({ method, params } as never, { signal }) as Promise<Record<string, unknown>>,
    async notify(notification) {
      if (notification.method === "notifications/message" && !isAtLeast(notification.params?.level, logLevel)) return;
      await ctx.mcpReq.notify(notification as never);
    },
  });
  const requestContext = (ctx: ServerContext, signal = ctx.mcpReq.signal): RelayedRequestContext => ({
    target, environment, scope: options.scope, profile: options.profiles(server, ctx).calls, signal, person: connectionPerson(options.caller),
  });
  const relayed = <T>(ctx: ServerContext, serve: (context: RelayedRequestContext) => Promise<T>) => relayingTo(relayFor(ctx), () => serve(requestContext(ctx)));
  // tools/call, prompts/get and resources/read may need the client's input (DESIGN §16): a 2026-07-28 upstream's
  // questions are passed on in an InputRequiredResult (to a 2025 client, the SDK asks them and calls again); a 2025
  // upstream's are asked of a 2025 client at once, and of a 2026-07-28 client in rounds. A retry's state must be
  // this caller's, minted for this very request: this endpoint and environment, this method and name.
  const asking = async (ctx: ServerContext, method: AskingMethod, name: string, serve: (signal: AbortSignal, resume?: UpstreamResume) => Promise<Asked>) => {
    const binding: RequestBinding = { target: { kind: target.kind, name: target.name }, environment, method, name };
    const state = requestStateOf(ctx, options.owner, binding);
    const resume = state?.kind === "upstream" ? { inputResponses: ctx.mcpReq.inputResponses ?? {}, ...(state.state !== undefined ? { requestState: state.state } : {}) } : undefined;
    const passOn = async (answer: Asked) => {
      if (!isUpstreamAsk(answer)) return answer;
      const { inputRequests, requestState } = answer.inputRequired;
      return { resultType: "input_required", inputRequests, requestState: await mintRequestState({ kind: "upstream", owner: options.owner, ...binding, state: requestState }) } as InputRequiredResult;
    };
    if (!options.rounds) return relayingTo(relayFor(ctx), async () => passOn(await serve(ctx.mcpReq.signal, resume)));
    const round = state?.kind === "round" ? state : undefined;
    return serveInRounds(round, ctx.mcpReq.inputResponses ?? {}, { ...options.rounds, owner: options.owner, binding, relayTo: relayFor(ctx) },
      (relay, signal) => relayingTo(relay, async () => passOn(await serve(signal, resume))));
  };

  server.setRequestHandler("tools/list", async () => {
    const { tools, revision } = await loadTargetTools(target, environment);
    onListed(revision);
    return { tools: advertisedTools(tools) } as never;
  });
  server.setRequestHandler("tools/call", (request, ctx) => {
    const progressToken = request.params._meta?.progressToken;
    const relay: CallRelay = {
      profile: options.profiles(server, ctx).calls,
      ...(progressToken !== undefined ? { onProgress: (progress) => void ctx.mcpReq.notify({ method: "notifications/progress", params: { ...progress, progressToken } }).catch(() => undefined) } : {}),
    };
    return asking(ctx, "tools/call", request.params.name, async (signal, resume) => {
      const answer = await callGatewayTool(options, request.params, signal, { ...relay, resume });
      if (!isConnectAsk(answer)) return answer;
      return askToConnect(answer.connectRequired, clientCapabilities(server, ctx), options.rounds !== undefined, () => answer.result);
    }) as never;
  });
  server.setRequestHandler("prompts/list", (_request, ctx) => relayed(ctx, listPrompts));
  // A prompt or resource of a per_user server the caller has not connected to: sent to connect, as a tool call is.
  const orConnect = async <T>(ctx: ServerContext, serve: () => Promise<T>) => {
    try {
      return await serve();
    } catch (error) {
      if (!(error instanceof ConnectRequiredError)) throw error;
      const url = connectPageUrl(options.baseUrl, error.server, error.environment);
      const connectRequired = { server: error.server, environment: error.environment, url, message: connectMessage(error.server, error.environment, url) };
      return askToConnect(connectRequired, clientCapabilities(server, ctx), options.rounds !== undefined, () => {
        throw new ProtocolError(ProtocolErrorCode.InvalidRequest, connectRequired.message);
      });
    }
  };
  server.setRequestHandler("prompts/get", (request, ctx) => asking(ctx, "prompts/get", request.params.name, (signal, resume) => orConnect(ctx, () => getPrompt(requestContext(ctx, signal), request.params, resume))) as never);
  server.setRequestHandler("resources/list", (_request, ctx) => relayed(ctx, listResources));
  server.setRequestHandler("resources/templates/list", (_request, ctx) => relayed(ctx, listResourceTemplates));
  server.setRequestHandler("resources/read", (request, ctx) => asking(ctx, "resources/read", request.params.uri, (signal, resume) => orConnect(ctx, () => readResource(requestContext(ctx, signal), request.params.uri, resume))) as never);
  server.setRequestHandler("resources/subscribe", (request, ctx) => relayed(ctx, (context) => subscribeResource({ ...context, profile: options.profiles(server, ctx).subscriptions }, request.params.uri)));
  server.setRequestHandler("resources/unsubscribe", (request, ctx) => relayed(ctx, (context) => unsubscribeResource({ ...context, profile: options.profiles(server, ctx).subscriptions }, request.params.uri)));
  server.setRequestHandler("completion/complete", (request, ctx) => relayed(ctx, (context) => complete(context, request.params)));
  server.setRequestHandler("logging/setLevel", async (request, ctx) => {
    logLevel = request.params.level;
    await relayed(ctx, (context) => setLogLevel(context, request.params.level));
    return {};
  });
  return server;
}

/**
 * A session's `tools/call`: the pipeline's result, or the error the client is sent. An unknown tool is a protocol
 * error (MCP: -32602); anything else says no more than that the call failed.
 */
export async function callGatewayTool(context: GatewayCallContext, params: { name: string; arguments?: Record<string, unknown> }, signal: AbortSignal, relay?: CallRelay): Promise<McpToolResult | UpstreamAsk | ConnectAsk> {
  try {
    const answer = await runToolCall({
      target: context.target, environment: context.environment, tool: params.name, arguments: params.arguments ?? {},
      caller: context.caller, scope: context.scope, context: { session_id: context.sessionId() }, signal, relay, baseUrl: context.baseUrl,
    });
    if (answer.connect_required) return { connectRequired: answer.connect_required, result: answer.result };
    // The upstream answered the call with a JSON-RPC error (e.g. -32021, a capability the client did not declare): the client gets that error.
    if (answer.upstream_error) throw new ProtocolError(answer.upstream_error.code, answer.upstream_error.message, answer.upstream_error.data);
    if (answer.input_required) return { inputRequired: answer.input_required };
    return answer.result;
  } catch (error) {
    if (error instanceof ProtocolError) throw error;
    if (error instanceof NotFoundError) throw new ProtocolError(ProtocolErrorCode.InvalidParams, error.message);
    console.error("Patchbay gateway: tools/call failed", error);
    throw new ProtocolError(ProtocolErrorCode.InternalError, "The call failed inside Patchbay.");
  }
}

/**
 * DESIGN §17: a call to a `per_user` server whose caller has not connected sends them to connect — a URL-mode
 * elicitation: the `-32042` error to a 2025-11-25 client, an `InputRequiredResult` to a 2026-07-28 one (no
 * `requestState`: its retry is a new call, made with the connection once it exists). A client that did not declare
 * URL-mode elicitation gets `otherwise()`: a tool call's tool error naming the page, a prompt's or resource's error.
 */
function askToConnect<T>(connectRequired: ConnectRequired, capabilities: ClientCapabilities, isStateless: boolean, otherwise: () => T): T | InputRequiredResult {
  if (capabilities.elicitation?.url === undefined) return otherwise();
  const elicitation = { mode: "url" as const, message: connectRequired.message, url: connectRequired.url, elicitationId: randomUUID() };
  if (!isStateless) throw new UrlElicitationRequiredError([elicitation], connectRequired.message);
  return { resultType: "input_required", inputRequests: { connect: { method: "elicitation/create", params: elicitation } } };
}

/** What the client declared: a 2025 session at `initialize`, a 2026-07-28 request in its own `_meta`. */
export function clientCapabilities(server: Server, ctx: ServerContext): ClientCapabilities {
  const declared = (ctx.mcpReq.envelope as Record<string, unknown> | undefined)?.[CLIENT_CAPABILITIES_META_KEY];
  if (typeof declared === "object" && declared !== null) return declared as ClientCapabilities;
  return server.getClientCapabilities() ?? {};
}

/** Whether a log message at `level` passes the client's `logging/setLevel` (everything passes before it set one). */
function isAtLeast(level: unknown, threshold: LoggingLevel | undefined): boolean {
  if (threshold === undefined) return true;
  return LOG_LEVELS.indexOf(level as LoggingLevel) >= LOG_LEVELS.indexOf(threshold);
}
