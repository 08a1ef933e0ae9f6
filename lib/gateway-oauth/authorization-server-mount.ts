import type { IncomingMessage, ServerResponse } from "node:http";

import Provider from "oidc-provider";

import { recordAuditEvent } from "../audit/audit-events";
import { authenticate } from "../auth/authenticate";
import type { Principal } from "../auth/principal";
import { consumeRateLimit } from "../auth/rate-limit";
import { usesGateways } from "../auth/roles";
import { RateLimitedError } from "../errors";
import { clientAddress } from "../http/client-address";
import { getConfig } from "../env";
import { mayUseTarget } from "../gateway/agent-users";
import { publicBaseUrl } from "../oauth/client-identity";
import { processSlot } from "../runtime/runtime";
import { AUTHORIZATION_SERVER_ROUTES, CONSENT_PATH_PREFIX, createAuthorizationServer, GATEWAY_SCOPE } from "./authorization-server";
import { consentPage, consentProblemPage, gatewaysOf } from "./consent-page";
import { accountOf } from "./gateway-accounts";

/** What lib/cli/serve.mjs finds in the runtime's `oauth.authorizationServer` slot: `serve` answers the authorization server's paths and says true. */
export type AuthorizationServerMount = { serve: (request: IncomingMessage, response: ServerResponse) => boolean };

const METADATA_PATHS = new Set(["/.well-known/oauth-authorization-server", "/.well-known/openid-configuration"]);
const ENDPOINT_PATHS = Object.values(AUTHORIZATION_SERVER_ROUTES);

/**
 * The gateway's authorization server, in front of the API's mount (oidc-provider answers Node's request and
 * response itself). Not with PATCHBAY_AUTH=off: the gateways then ask for no token.
 */
export function installAuthorizationServer(): void {
  if (getConfig().PATCHBAY_AUTH === "off") return;
  processSlot<AuthorizationServerMount>("oauth.authorizationServer", () => ({ serve }));
}

type IssuerServer = { provider: Provider; handle: (request: IncomingMessage, response: ServerResponse) => Promise<void> };

/** One provider per issuer: PATCHBAY_PUBLIC_URL, else each origin the request guard admitted. */
const servers = new Map<string, IssuerServer>();

function serverFor(issuer: string): IssuerServer {
  let server = servers.get(issuer);
  if (!server) {
    const provider = createAuthorizationServer(issuer);
    servers.set(issuer, (server = { provider, handle: provider.callback() }));
  }
  return server;
}

function serve(request: IncomingMessage, response: ServerResponse): boolean {
  const pathname = (request.url ?? "/").split("?")[0];
  const isMetadata = METADATA_PATHS.has(pathname);
  const isConsent = pathname.startsWith(CONSENT_PATH_PREFIX);
  if (!isMetadata && !isConsent && !ENDPOINT_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`))) return false;

  const webRequest = headersOnlyRequest(request);
  const { provider, handle } = serverFor(publicBaseUrl(webRequest.url));
  // RFC 8414's document is the one oidc-provider serves as OpenID discovery.
  if (isMetadata) request.url = "/.well-known/openid-configuration";
  if (pathname === AUTHORIZATION_SERVER_ROUTES.authorization) request.url = withDefaultScope(request.url ?? pathname);
  const answer = isConsent ? answerConsent(provider, webRequest, request, response)
    : pathname === AUTHORIZATION_SERVER_ROUTES.registration && request.method === "POST" ? registerWithinBudget(webRequest, () => handle(request, response), response)
      : handle(request, response);
  void Promise.resolve(answer).catch((error: unknown) => {
    console.error("Patchbay: the gateway's authorization server failed:", error instanceof Error ? error.message : error);
    if (!response.headersSent) response.writeHead(500, { "Content-Type": "text/plain" }).end("The authorization server failed.");
    else response.destroy();
  });
  return true;
}

/** Anyone may register a client (DCR is how MCP clients arrive): at most this many a minute from one address. */
const REGISTRATIONS_PER_MINUTE = 30;

async function registerWithinBudget(webRequest: Request, register: () => Promise<void>, response: ServerResponse): Promise<void> {
  try {
    await consumeRateLimit(`oauth-register:${clientAddress(webRequest)}`, REGISTRATIONS_PER_MINUTE);
  } catch (error) {
    if (!(error instanceof RateLimitedError)) throw error;
    const body = JSON.stringify({ error: "temporarily_unavailable", error_description: error.message });
    return void response.writeHead(429, { "Content-Type": "application/json", "Cache-Control": "no-store", ...error.headers }).end(body);
  }
  return register();
}

/** RFC 6749 §3.3: a request that names no scope is served with the pre-defined default, the gateways' `mcp`. */
function withDefaultScope(url: string): string {
  const [pathname, query = ""] = url.split("?", 2);
  const params = new URLSearchParams(query);
  if (params.has("scope")) return url;
  params.set("scope", GATEWAY_SCOPE);
  return `${pathname}?${params}`;
}

/**
 * GET shows the consent page to the signed-in person (or sends them to sign in first); POST records their answer.
 * `interactionDetails` checks the interaction's cookie: the page answers only the browser that started the
 * authorization, so a consent link sent to someone else signs nobody in for the sender.
 */
async function answerConsent(provider: Provider, webRequest: Request, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const details = await provider.interactionDetails(request, response).catch(() => null);
  if (!details) return sendHtml(response, 400, consentProblemPage("This sign-in has expired", "Start again from your MCP client: the request is over ten minutes old, or was opened in another browser."));

  const principal = await authenticate(webRequest).catch(() => null);
  if (!principal) {
    const next = new URL(webRequest.url).pathname;
    return void response.writeHead(303, { Location: `/sign-in?next=${encodeURIComponent(next)}`, "Cache-Control": "no-store" }).end();
  }
  const resources = [details.params.resource ?? []].flat() as string[];
  const clientId = details.params.client_id as string;
  const client = await provider.Client.find(clientId);

  if (request.method === "POST") {
    if (request.headers.origin !== new URL(webRequest.url).origin) return sendHtml(response, 403, consentProblemPage("Refused", "The answer must come from this page."));
    const decision = new URLSearchParams(await readBody(request)).get("decision");
    const accountId = accountOf(principal);
    const audited = { actor: principal.name, entityType: "mcp-client", entityName: client?.clientName ?? clientId, detail: { client_address: clientAddress(webRequest), client_id: clientId, gateways: resources } } as const;
    if (decision !== "allow" || !accountId || !(await mayUseAll(principal, resources))) {
      await recordAuditEvent({ ...audited, action: "mcp-client.deny", detail: { ...audited.detail, reason: decision === "allow" ? "may not use these gateways" : "denied" } });
      return provider.interactionFinished(request, response, { error: "access_denied", error_description: `${principal.name} did not allow it` }, { mergeWithLastSubmission: false });
    }
    const grant = new provider.Grant({ accountId, clientId });
    // What was asked of the server's own scopes (`mcp` is one too, as a client registers it), then each gateway's.
    const serverScopes = String(details.params.scope ?? "").split(" ").filter((scope) => scope === "openid" || scope === GATEWAY_SCOPE);
    if (serverScopes.length) grant.addOIDCScope(serverScopes.join(" "));
    for (const resource of resources) grant.addResourceScope(resource, GATEWAY_SCOPE);
    const grantId = await grant.save();
    await recordAuditEvent({ ...audited, action: "mcp-client.allow" });
    return provider.interactionFinished(request, response, { login: { accountId }, consent: { grantId } }, { mergeWithLastSubmission: false });
  }

  const redirectUri = String(details.params.redirect_uri ?? "");
  sendHtml(response, 200, consentPage({
    clientName: client?.clientName ?? clientId,
    clientId,
    clientKnownBy: client?.clientIdMetadataDocument ? { type: "metadata-document", host: new URL(clientId).host } : { type: "self-registered" },
    redirectOrigin: URL.canParse(redirectUri) ? new URL(redirectUri).origin : redirectUri,
    gateways: gatewaysOf(resources),
    principal,
    mayUseGateways: await mayUseAll(principal, resources),
  }));
}

/**
 * Whether the person may use every gateway the client asks for (DESIGN §18: by role, or listed by the agent); a
 * token by its role alone. Asking for none gives a token that opens none: only a role that uses gateways gets it.
 */
async function mayUseAll(principal: Principal, resources: string[]): Promise<boolean> {
  if (usesGateways(principal.role)) return true;
  const gateways = gatewaysOf(resources);
  if (!principal.personId || gateways.length === 0 || gateways.length !== resources.length) return false;
  const allowed = await Promise.all(gateways.map((gateway) => mayUseTarget({ kind: gateway.kind === "agents" ? "agent" : "capability", name: gateway.name }, principal)));
  return allowed.every(Boolean);
}

/** The request as the API's code reads it (its origin from the forwarding headers the request guard vouched for), without the body. */
function headersOnlyRequest(request: IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === "string") headers.set(name, value);
  }
  const origin = `${request.headers["x-forwarded-proto"] ?? "http"}://${request.headers["x-forwarded-host"] ?? request.headers.host ?? "localhost"}`;
  return new Request(new URL(request.url ?? "/", origin), { headers });
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > 4096) throw new Error("consent answer too large");
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function sendHtml(response: ServerResponse, status: number, html: string): void {
  response.writeHead(status, {
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "no-store",
    // No form-action: the answer's redirects end at the client's own redirect URI, which form-action would block.
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    "X-Frame-Options": "DENY",
  }).end(html);
}
