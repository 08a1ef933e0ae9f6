import { createMcpHandler, type AuthInfo, type McpHttpHandler } from "@modelcontextprotocol/server";

import type { Principal } from "../../auth/principal";
import { processSlot } from "../../runtime/runtime";
import type { GatewayTarget } from "../types";
import { openUpstreamScope } from "../upstream-scope";
import { clientCapabilities, createGatewayServer } from "./gateway-server";
import { relaysRequests, upstreamProfile } from "./relay";
import { requestStateVerification } from "./request-state";

/** What one 2026-07-28 request is served for: passed through the SDK handler to the server it makes for the request. */
type StatelessRequest = { target: GatewayTarget; environment: string; version: string; caller: Principal; callerKey: string; baseUrl: string };

/** List results may be kept by the client that asked, and only by it: they depend on who asks, and change with the registry. */
const LIST_CACHE_HINT = { ttlMs: 0, cacheScope: "private" } as const;

const entry = processSlot("gateway.statelessHandler", (): { handler: McpHttpHandler } => ({
  handler: createMcpHandler(({ authInfo }) => serverFor(requestOf(authInfo)), {
    legacy: "reject",
    onerror: (error) => console.warn(`Patchbay gateway (2026-07-28): ${error.message}`),
  }),
}));

/**
 * A 2026-07-28 request to a gateway endpoint (DESIGN §16): stateless, each request answered by a gateway server made
 * for it through the SDK's handler (`server/discover`, the per-request `_meta`, its header checks, `resultType`).
 * An upstream's questions come back as `InputRequiredResult`s whose `requestState` is signed; the stdio servers a
 * request starts stop when it is answered, or when the round of questions it started ends.
 */
export async function answerStatelessRequest(request: Request, parsedBody: unknown, served: StatelessRequest): Promise<Response> {
  const authInfo: AuthInfo = { token: "", clientId: served.callerKey, scopes: [], extra: { patchbay: served } };
  return entry.handler.fetch(request, { parsedBody, authInfo });
}

function requestOf(authInfo: AuthInfo | undefined): StatelessRequest {
  const served = authInfo?.extra?.patchbay as StatelessRequest | undefined;
  if (!served) throw new Error("a gateway request reached the 2026-07-28 handler without its context");
  return served;
}

function serverFor(served: StatelessRequest) {
  const scope = openUpstreamScope();
  let open = 0;
  const server = createGatewayServer({
    target: served.target, environment: served.environment, caller: served.caller, scope, sessionId: () => undefined, baseUrl: served.baseUrl,
    version: served.version, onListed: () => {},
    // A caller that declared something an upstream may ask has upstream sessions of its own (what an upstream asks on
    // a session's GET stream reaches the request that opened it); one that declared nothing shares pooled ones.
    profiles: (self, ctx) => {
      const capabilities = clientCapabilities(self, ctx);
      const profile = upstreamProfile(capabilities, "auto", relaysRequests(capabilities) ? { caller: served.callerKey } : undefined);
      return { calls: profile, subscriptions: profile };
    },
    owner: served.callerKey,
    rounds: {
      onStart: () => void open++,
      onEnd: () => {
        if (--open === 0) void scope.close();
      },
    },
  }, { requestState: requestStateVerification, cacheHints: { "tools/list": LIST_CACHE_HINT, "prompts/list": LIST_CACHE_HINT, "resources/list": LIST_CACHE_HINT, "resources/templates/list": LIST_CACHE_HINT } });
  // Nothing left to serve once the request is answered and no round is open.
  server.onclose = () => {
    if (open === 0) void scope.close();
  };
  return server;
}
