import type { Operation } from "../api/operation";
import { getConfig } from "../env";
import { ForbiddenError, UnauthorizedError } from "../errors";
import { authenticate } from "./authenticate";
import { ANONYMOUS, AUTH_OFF_PRINCIPAL, type Principal } from "./principal";
import { consumeRateLimit } from "./rate-limit";
import { hasRole } from "./roles";

/** The one place an operation's declared role, the Origin rule and the rate limits are enforced. */
export async function authorize(request: Request, operation: Operation<any, any, any>): Promise<Principal> {
  const config = getConfig();
  if (operation.refusesForeignOrigin && request.headers.has("origin") && !isSameOrigin(request)) {
    throw new ForbiddenError("This request must come from this site's own origin.");
  }
  const principal = config.PATCHBAY_AUTH === "off" ? AUTH_OFF_PRINCIPAL : ((await authenticate(request)) ?? ANONYMOUS);
  if (operation.role === "public") return principal;
  if (operation.publicWhenRegistryIs && config.PATCHBAY_PUBLIC_REGISTRY && principal.via === "anonymous") return principal;

  if (principal.via === "anonymous") throw new UnauthorizedError();
  if (!hasRole(principal.role, operation.role)) {
    throw new ForbiddenError(`This needs the ${operation.role} role; the token '${principal.name}' has ${principal.role}.`);
  }
  if (principal.via === "cookie" && operation.method !== "GET" && !isSameOrigin(request)) {
    throw new ForbiddenError("A cookie-authenticated write must come from this site's own origin.");
  }

  const bucket = rateLimitBucket(operation);
  if (bucket) {
    const limit = { tests: config.PATCHBAY_RATE_TESTS_PER_MIN, calls: config.PATCHBAY_RATE_CALLS_PER_MIN, writes: config.PATCHBAY_RATE_WRITES_PER_MIN }[bucket];
    await consumeRateLimit(`${principal.tokenId ?? "anonymous"}:${bucket}`, limit);
  }
  return principal;
}

/** Reads, validate and blueprints are not limited; test connections and tool calls have their own budget. */
function rateLimitBucket(operation: Operation<any, any, any>): "writes" | "tests" | "calls" | null {
  if (operation.rateLimit) return operation.rateLimit === "none" ? null : operation.rateLimit;
  return operation.method === "GET" ? null : "writes";
}

function isSameOrigin(request: Request): boolean {
  const origin = request.headers.get("origin");
  if (!origin) return false;
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
