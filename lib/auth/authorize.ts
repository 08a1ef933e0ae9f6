import type { Operation } from "../api/operation";
import { getConfig } from "../env";
import { ForbiddenError, UnauthorizedError, UnsupportedMediaTypeError } from "../errors";
import { isListedForGateways } from "../http/cors";
import { isJsonMediaType } from "../http/media-type";
import { authenticateAtGateway } from "../gateway-oauth/gateway-authentication";
import { authenticate } from "./authenticate";
import { ANONYMOUS, AUTH_OFF_PRINCIPAL, type Principal } from "./principal";
import { consumeClaimedRateLimit, consumeRateLimit } from "./rate-limit";
import { hasRole } from "./roles";

/** The one place an operation's declared role, the Origin rule and the rate limits are enforced. */
export async function authorize(request: Request, operation: Operation<any, any, any>): Promise<Principal> {
  const config = getConfig();
  const isAuthOff = config.PATCHBAY_AUTH === "off";
  const isWrite = operation.method !== "GET";
  // A page on an origin PATCHBAY_CORS_ORIGINS names is no stranger where the operation admits listed origins (DESIGN §16).
  const origin = request.headers.get("origin");
  const isForeignOrigin = origin !== null && !isSameOrigin(request) && !(operation.admitsListedOrigins && isListedForGateways(origin));
  if (operation.refusesForeignOrigin && isForeignOrigin) {
    throw new ForbiddenError(operation.admitsListedOrigins
      ? "This request must come from this site's own origin, or one PATCHBAY_CORS_ORIGINS names."
      : "This request must come from this site's own origin.");
  }
  // DESIGN §14: without authentication, any page the developer opens could otherwise write through their browser.
  if (isAuthOff && isWrite && isForeignOrigin) {
    throw new ForbiddenError("With PATCHBAY_AUTH=off, a write must come from this site's own origin.");
  }
  if (!isAuthOff && operation.protectedResource) return authorizeAtGateway(request, operation);
  const principal = isAuthOff ? AUTH_OFF_PRINCIPAL : ((await authenticate(request)) ?? ANONYMOUS);
  if (operation.role === "public") return principal;
  const isPublic = { registry: config.PATCHBAY_PUBLIC_REGISTRY, metrics: config.PATCHBAY_METRICS_PUBLIC };
  if (operation.publicWhen && isPublic[operation.publicWhen] && principal.via === "anonymous") return principal;

  if (principal.via === "anonymous") throw new UnauthorizedError();
  return checkRoleAndBudget(request, operation, principal);
}

/**
 * A gateway's caller, its credential checked by authenticateAtGateway. A person's use of a gateway is decided per
 * gateway (DESIGN §18: by role, or listed by the agent; lib/gateway/agent-users.ts), not by the operation's role;
 * an access token was issued for this gateway alone.
 */
async function authorizeAtGateway(request: Request, operation: Operation<any, any, any>): Promise<Principal> {
  const principal = await authenticateAtGateway(request);
  if (principal.via === "oauth") return spendBudget(operation, principal);
  return checkRoleAndBudget(request, principal.personId ? { ...operation, role: "viewer" } : operation, principal);
}

async function checkRoleAndBudget(request: Request, operation: Operation<any, any, any>, principal: Principal): Promise<Principal> {
  const isWrite = operation.method !== "GET";
  const isAuthOff = principal.via === "auth-off";
  if (operation.role !== "public" && !hasRole(principal.role, operation.role)) {
    throw new ForbiddenError(`This needs the ${operation.role} role; the token '${principal.name}' has ${principal.role}.`);
  }
  if (principal.via === "cookie" && isWrite && !isSameOrigin(request)) {
    throw new ForbiddenError("A cookie-authenticated write must come from this site's own origin.");
  }
  // A form on another site can post text/plain with the browser's cookies (or to a Patchbay without
  // authentication), never application/json without a CORS preflight. Bearer callers (curl, scripts) cannot be
  // driven by a form, so they may omit the type; uploads in other formats keep their text types.
  if (isWrite && !operation.rawBody && (isAuthOff || principal.via !== "bearer") && hasBody(request) && !isJsonMediaType(request.headers.get("content-type"))) {
    throw new UnsupportedMediaTypeError("application/json");
  }
  return spendBudget(operation, principal);
}

async function spendBudget(operation: Operation<any, any, any>, principal: Principal): Promise<Principal> {
  const config = getConfig();
  const bucket = rateLimitBucket(operation);
  if (bucket) {
    const limit = { tests: config.PATCHBAY_RATE_TESTS_PER_MIN, writes: config.PATCHBAY_RATE_WRITES_PER_MIN, calls: config.PATCHBAY_RATE_CALLS_PER_MIN }[bucket];
    const key = `${principal.tokenId ?? principal.personId ?? "anonymous"}:${bucket}`;
    // Runner calls come by the thousand a minute: their budget is claimed in blocks of a hundredth of it.
    if (bucket === "calls") await consumeClaimedRateLimit(key, limit, callsBlock(limit));
    else await consumeRateLimit(key, limit);
  }
  return principal;
}

/** A hundredth of the calls budget (1 up to 1,000): exact for small budgets, one write per block for large ones. */
function callsBlock(limitPerMinute: number): number {
  return Math.min(1_000, Math.max(1, Math.floor(limitPerMinute / 100)));
}

/** Reads, validate and blueprints are not limited; test connections and tool calls, and runner calls (gateway, invoke), have their own budgets. */
function rateLimitBucket(operation: Operation<any, any, any>): "writes" | "tests" | "calls" | null {
  if (operation.rateLimit) return operation.rateLimit === "none" ? null : operation.rateLimit;
  return operation.method === "GET" ? null : "writes";
}

/** The request's origin is the one lib/http/request-guard.mjs vouched for (its forwarding headers), never a raw `Host`. */
function isSameOrigin(request: Request): boolean {
  const origin = request.headers.get("origin");
  if (!origin || !URL.canParse(origin)) return false;
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  const protocol = request.headers.get("x-forwarded-proto") ?? new URL(request.url).protocol.slice(0, -1);
  return new URL(origin).origin === `${protocol}://${host}`;
}

function hasBody(request: Request): boolean {
  return Number(request.headers.get("content-length") ?? "0") > 0 || request.headers.has("transfer-encoding");
}
