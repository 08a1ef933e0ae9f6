export const SESSION_COOKIE = "patchbay_session";

/**
 * The session cookie carries an opaque random session id, never the token (DESIGN §7); the server keeps
 * only its SHA-256. HttpOnly so scripts never see it, SameSite=Lax, and no longer-lived than the session.
 */
export function sessionCookie(sessionId: string, expiresAt: Date, request: Request): string {
  const maxAge = Math.max(1, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
  return `${SESSION_COOKIE}=${sessionId}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secureFlag(request)}`;
}

export function clearedSessionCookie(request: Request): string {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secureFlag(request)}`;
}

export function readSessionCookie(request: Request): string | null {
  return readCookie(request, SESSION_COOKIE);
}

/** A cookie's value as the request carries it; null when absent or empty. */
export function readCookie(request: Request, name: string): string | null {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name && value.length) return value.join("=") || null;
  }
  return null;
}

function secureFlag(request: Request): string {
  return isHttpsRequest(request) ? "; Secure" : "";
}

/** Whether the browser reached Patchbay over https (directly, or through a proxy that says so): cookies get `Secure`. */
export function isHttpsRequest(request: Request): boolean {
  return request.headers.get("x-forwarded-proto") === "https" || new URL(request.url).protocol === "https:";
}
