/**
 * The caller's address for throttling and the audit log. Route handlers do not see the socket, so this is
 * the first entry of `X-Forwarded-For` (Next's server fills it from the socket when the client sent none),
 * else "local". Behind a reverse proxy the proxy must set (overwrite, not append to) X-Forwarded-For, or
 * clients could pick their own throttle key.
 */
export function clientAddress(request: Request): string {
  const forwarded = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return forwarded ? forwarded.slice(0, 100) : "local";
}
