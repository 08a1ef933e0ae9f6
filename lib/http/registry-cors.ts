import { getConfig } from "../env";

const ALLOWED_METHODS = "GET, OPTIONS";
const ALLOWED_HEADERS = "Authorization, Content-Type, If-None-Match";
const PREFLIGHT_MAX_AGE_S = "600";

/**
 * CORS for `/v0.1` (DESIGN §13), so browser-based IDE clients on another origin can read the registry:
 * `PATCHBAY_CORS_ORIGINS` (default any). Only the headers; whether the caller may read is still the route's
 * to decide, and a refusal (401) carries them too, so the page can read why.
 */
export function corsHeaders(request: Request): Record<string, string> {
  const origin = request.headers.get("origin");
  const allowed = getConfig().PATCHBAY_CORS_ORIGINS;
  const isAny = allowed.length === 0 || allowed.includes("*");
  if (isAny) return { "Access-Control-Allow-Origin": "*", "Access-Control-Expose-Headers": "ETag" };
  const headers: Record<string, string> = { Vary: "Origin" };
  if (origin && allowed.includes(origin)) {
    Object.assign(headers, { "Access-Control-Allow-Origin": origin, "Access-Control-Expose-Headers": "ETag" });
  }
  return headers;
}

/** The answer to a preflight (`OPTIONS` with `Access-Control-Request-Method`): no body, what may be sent. */
export function preflight(request: Request): Response {
  const headers = new Headers(corsHeaders(request));
  if (headers.has("Access-Control-Allow-Origin")) {
    headers.set("Access-Control-Allow-Methods", ALLOWED_METHODS);
    headers.set("Access-Control-Allow-Headers", ALLOWED_HEADERS);
    headers.set("Access-Control-Max-Age", PREFLIGHT_MAX_AGE_S);
  }
  return new Response(null, { status: 204, headers });
}

/** The same response with the CORS headers added (merging `Vary`). */
export function withCors(request: Request, response: Response): Response {
  for (const [name, value] of Object.entries(corsHeaders(request))) {
    if (name === "Vary") response.headers.append("Vary", value);
    else response.headers.set(name, value);
  }
  return response;
}
