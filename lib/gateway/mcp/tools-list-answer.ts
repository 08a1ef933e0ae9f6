import { SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/sdk/types.js";

import { advertisedToolsJson, loadTargetTools } from "../target-tools";
import type { GatewaySession } from "./gateway-sessions";

/** A `tools/list` request is a few hundred bytes; a larger body goes to the SDK, which bounds what it reads. */
const MAX_PEEKED_BYTES = 64 * 1024;

/** What to do with a POST to an open session: an answer already made, or the message for the session's transport. */
export type Peeked = { answer: Response } | { forward: Request; parsedBody?: unknown };

/**
 * `tools/list` answered from the list serialized once per change (DESIGN §12). It is the request runners repeat
 * whose answer is large (50 servers × 20 tools is some 1,000 entries): the SDK would serialize the whole list
 * on every call. Only a lone, well-formed `tools/list` request that the transport itself would accept (Accept,
 * Content-Type, protocol version) is answered here, with the same tools as the session server's handler;
 * anything else goes to the transport, with the body already parsed when it was read.
 */
export async function peekToolsList(session: GatewaySession, request: Request): Promise<Peeked> {
  const length = Number(request.headers.get("content-length") ?? Number.NaN);
  if (request.method !== "POST" || !isAcceptedByTransport(request.headers) || !(length <= MAX_PEEKED_BYTES)) return { forward: request };

  const text = await request.text();
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    // The transport answers a parse error its own way: it gets the body as it came.
    return { forward: new Request(request.url, { method: "POST", headers: request.headers, body: text }) };
  }
  if (!isToolsListRequest(message)) return { forward: request, parsedBody: message };

  const { tools, revision } = await loadTargetTools(session.target, session.environment);
  session.revision = revision;
  const body = `{"result":{"tools":${advertisedToolsJson(tools)}},"jsonrpc":"2.0","id":${JSON.stringify(message.id)}}`;
  return { answer: new Response(body, { status: 200, headers: { "Content-Type": "application/json", "mcp-session-id": session.transport.sessionId! } }) };
}

/** The checks the streamable HTTP transport makes of a POST before reading it. */
function isAcceptedByTransport(headers: Headers): boolean {
  const accept = headers.get("accept") ?? "";
  const contentType = headers.get("content-type") ?? "";
  const version = headers.get("mcp-protocol-version");
  return accept.includes("application/json") && accept.includes("text/event-stream")
    && /^application\/json\s*(;|$)/i.test(contentType)
    && (version === null || SUPPORTED_PROTOCOL_VERSIONS.includes(version));
}

function isToolsListRequest(message: unknown): message is { id: string | number } {
  if (typeof message !== "object" || message === null || Array.isArray(message)) return false;
  const { jsonrpc, method, id, params } = message as Record<string, unknown>;
  const isId = typeof id === "string" || (typeof id === "number" && Number.isInteger(id));
  const isParams = params === undefined || (typeof params === "object" && params !== null && !Array.isArray(params));
  return jsonrpc === "2.0" && method === "tools/list" && isId && isParams;
}
