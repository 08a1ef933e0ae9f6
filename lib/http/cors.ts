import { getConfig } from "../env";

/**
 * Who, on another origin, may read a family of API answers from a page, and what its preflight allows. Only the
 * headers: whether the caller may read is still the route's to decide, and a refusal carries them too, so the
 * page can read why.
 */
type CorsPolicy = {
  /** The path prefix the policy covers. */
  prefix: string;
  /** The `Access-Control-Allow-Origin` for this request's Origin, or null when its page may not read. */
  allowOrigin: (origin: string | null) => string | null;
  methods: string;
  headers: string;
  expose: string;
};

const PREFLIGHT_MAX_AGE_S = "600";

/** PATCHBAY_CORS_ORIGINS, or null for "any" (empty, or `*`). */
function listedOrigins(): readonly string[] | null {
  const listed = getConfig().PATCHBAY_CORS_ORIGINS;
  return listed.length === 0 || listed.includes("*") ? null : listed;
}

/** DESIGN §13: browser-based IDE clients read the registry, from any origin unless PATCHBAY_CORS_ORIGINS lists them. */
const REGISTRY: CorsPolicy = {
  prefix: "/v0.1/",
  allowOrigin: (origin) => {
    const listed = listedOrigins();
    if (!listed) return "*";
    return origin && listed.includes(origin) ? origin : null;
  },
  methods: "GET, OPTIONS",
  headers: "Authorization, Content-Type, If-None-Match",
  expose: "ETag",
};

/**
 * DESIGN §16: a browser-based MCP client on an origin PATCHBAY_CORS_ORIGINS names exactly may use a gateway; `*`
 * does not open it (that would undo the DNS-rebinding protection: lib/auth/authorize.ts refuses any other Origin).
 */
const GATEWAY: CorsPolicy = {
  prefix: "/mcp/",
  allowOrigin: (origin) => (origin && isListedForGateways(origin) ? origin : null),
  methods: "GET, POST, DELETE, OPTIONS",
  headers: "Authorization, Content-Type, Accept, Last-Event-ID, Mcp-Session-Id, Mcp-Protocol-Version, Mcp-Method, Mcp-Name",
  expose: "Mcp-Session-Id, Mcp-Protocol-Version, WWW-Authenticate",
};

const POLICIES = [REGISTRY, GATEWAY];

/** Whether `origin` is named exactly in PATCHBAY_CORS_ORIGINS: the one way another site's page may reach a gateway. */
export function isListedForGateways(origin: string): boolean {
  return getConfig().PATCHBAY_CORS_ORIGINS.includes(origin);
}

/** The CORS policy of the API path, if it has one. */
export function corsPolicyOf(pathname: string): CorsPolicy | undefined {
  return POLICIES.find((policy) => pathname.startsWith(policy.prefix));
}

function corsHeaders(policy: CorsPolicy, request: Request): Record<string, string> {
  const allowed = policy.allowOrigin(request.headers.get("origin"));
  const vary: Record<string, string> = allowed === "*" ? {} : { Vary: "Origin" };
  if (!allowed) return vary;
  return { ...vary, "Access-Control-Allow-Origin": allowed, "Access-Control-Expose-Headers": policy.expose };
}

/** The answer to a preflight (`OPTIONS` with `Access-Control-Request-Method`): no body, what may be sent. */
export function preflight(policy: CorsPolicy, request: Request): Response {
  const headers = new Headers(corsHeaders(policy, request));
  if (headers.has("Access-Control-Allow-Origin")) {
    headers.set("Access-Control-Allow-Methods", policy.methods);
    headers.set("Access-Control-Allow-Headers", policy.headers);
    headers.set("Access-Control-Max-Age", PREFLIGHT_MAX_AGE_S);
  }
  return new Response(null, { status: 204, headers });
}

/** The policy's CORS headers for this request added to an answer's `headers` (merging `Vary`). */
export function withCors(policy: CorsPolicy, request: Request, headers: Headers): void {
  for (const [name, value] of Object.entries(corsHeaders(policy, request))) {
    if (name === "Vary") headers.append("Vary", value);
    else headers.set(name, value);
  }
}
