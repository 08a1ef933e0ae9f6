import { isLegacyRequest } from "@modelcontextprotocol/server";

import type { Principal } from "../../auth/principal";
import { MAX_JSON_DEPTH } from "../../http/body";
import { publicBaseUrl } from "../../oauth/client-identity";
import { getRawAgent } from "../../registry/agents";
import { getCapability } from "../../registry/capabilities";
import { assertKnownEnvironment } from "../../registry/known-environments";
import { assertMayUseTarget } from "../agent-users";
import { loadTargetTools } from "../target-tools";
import type { GatewayTarget } from "../types";
import { answerDirectly } from "./direct-answers";
import { forwardable, isBatch, nestsTooDeep, readGatewayPost } from "./gateway-body";
import { callerKeyOf, findGatewaySession, openGatewaySession, touchGatewaySession } from "./gateway-sessions";
import { answerStatelessRequest } from "./stateless-requests";
import { ensureToolsWatcher } from "./tools-watcher";

type GatewayRequestContext = { request: Request; principal: Principal; query: { environment?: string } };

/**
 * One HTTP request to a gateway endpoint, already authorized as runner; a person must also be among an agent's
 * `users` when it lists any (403, before anything is read or opened — each request, so a person taken off the list
 * loses an open session at once). A POST's body is read first, at most 4 MiB (413 past it), and a JSON-RPC batch,
 * or a message nesting deeper than MAX_JSON_DEPTH, is refused whole (−32600, nothing of it runs). With
 * `Mcp-Session-Id` it goes to that session's transport (404 for a session this caller has not open here);
 * without, the target must exist (404), and a 2026-07-28 request (its `_meta` says so) is answered statelessly,
 * while a new session's transport answers any other — an `initialize` opens the session, anything else is refused
 * by the SDK and the session is dropped. A GET without a session is 405: 2026-07-28 has no such stream.
 */
export async function handleGatewayRequest(target: GatewayTarget, { request, principal, query }: GatewayRequestContext): Promise<Response> {
  await assertMayUseTarget(target, principal);
  const post = request.method === "POST" ? await readGatewayPost(request) : undefined;
  if (isBatch(post)) return jsonRpcError(400, -32600, "Invalid Request: JSON-RPC batches are not accepted (MCP 2025-06-18 removed them); send one message per request.");
  if (nestsTooDeep(post)) return jsonRpcError(400, -32600, `Invalid Request: the message nests deeper than ${MAX_JSON_DEPTH} levels.`);

  const sessionId = request.headers.get("mcp-session-id");
  if (sessionId) {
    const session = findGatewaySession(sessionId, target, principal);
    if (!session) return jsonRpcError(404, -32001, "Session not found: it ended, or was never opened here by this token.");
    touchGatewaySession(session);
    const peeked = await answerDirectly(session, request, post);
    if ("answer" in peeked) return untransformed(peeked.answer);
    return untransformed(await session.transport.handleRequest(peeked.forward, { parsedBody: peeked.parsedBody }));
  }

  await assertKnownEnvironment(query.environment);
  const [{ environment, revision }, version] = await Promise.all([loadTargetTools(target, query.environment), targetVersion(target)]);
  // 2026-07-28 has no GET stream (DESIGN §16); a 2025 client opens one only with its session.
  if (request.method === "GET") return new Response(null, { status: 405, headers: { Allow: "POST, DELETE" } });
  if (request.method !== "POST") return jsonRpcError(400, -32000, "Bad Request: Mcp-Session-Id header is required.");
  if (post?.parsed && !(await isLegacyRequest(request, post.message))) {
    return untransformed(await answerStatelessRequest(request, post.message, { target, environment, version, caller: principal, callerKey: callerKeyOf(principal), baseUrl: publicBaseUrl(request.url) }));
  }

  const session = await openGatewaySession({ target, environment, version, revision, caller: principal, baseUrl: publicBaseUrl(request.url) });
  const { forward, parsedBody } = forwardable(request, post);
  const response = await session.transport.handleRequest(forward, { parsedBody });
  if (session.transport.sessionId) ensureToolsWatcher();
  else await session.close();
  return untransformed(response);
}

/**
 * JSON-RPC answers go out as written: not stored by caches, and not compressed on the way (`no-transform` — the
 * answers are small, and gzip per call would cost a runner more CPU than the bytes it saves on a local network).
 */
function untransformed(response: Response): Response {
  if (response.headers.get("content-type")?.startsWith("application/json")) response.headers.set("Cache-Control", "no-store, no-transform");
  return response;
}

async function targetVersion(target: GatewayTarget): Promise<string> {
  const stored = target.kind === "agent" ? await getRawAgent(target.name) : await getCapability(target.name);
  return String(stored.revision);
}

/** The transport's own error shape (the SDK answers these the same way). */
function jsonRpcError(status: number, code: number, message: string): Response {
  return Response.json({ jsonrpc: "2.0", error: { code, message }, id: null }, { status });
}
