/**
 * The caller's address for throttling and the audit log: `X-Forwarded-For`, which the request guard
 * (lib/http/request-guard.mjs) has replaced by the TCP peer's address — or, behind a proxy listed in
 * PATCHBAY_TRUSTED_PROXIES, by the client that proxy names — before any handler runs; "local" without one.
 */
export function clientAddress(request: Request): string {
  const forwarded = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return forwarded ? forwarded.slice(0, 100) : "local";
}
