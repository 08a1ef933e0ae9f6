export const SESSION_COOKIE = "patchbay_session";
const MAX_AGE_S = 60 * 60 * 12;

/**
 * The session cookie carries the token itself, HttpOnly so scripts never see it: revoking the token ends
 * every session at once, and no server-side session store is needed across instances.
 */
export function sessionCookie(token: string, request: Request): string {
  const secure = isHttps(request) ? "; Secure" : "";
  return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${MAX_AGE_S}${secure}`;
}

export function clearedSessionCookie(request: Request): string {
  const secure = isHttps(request) ? "; Secure" : "";
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure}`;
}

export function readSessionCookie(request: Request): string | null {
  const header = request.headers.get("cookie") ?? "";
  for (const part of header.split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === SESSION_COOKIE && value.length) return value.join("=") || null;
  }
  return null;
}

function isHttps(request: Request): boolean {
  return request.headers.get("x-forwarded-proto") === "https" || new URL(request.url).protocol === "https:";
}
