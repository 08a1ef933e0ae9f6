import { createSessionOperation, deleteSessionOperation, getSessionOperation } from "@/lib/api/security";
import { clearedSessionCookie, sessionCookie } from "@/lib/auth/session-cookie";
import { signIn, signOut } from "@/lib/auth/sign-in";
import { getConfig } from "@/lib/env";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** POST /api/session — sign in with a token; 401 unknown/revoked/expired, 415 not JSON, 403 foreign Origin, 429 throttled. */
export const POST = route(createSessionOperation, async ({ body, request }) => {
  const session = await signIn(body.token, request);
  return json({ name: session.name, role: session.role, auth: getConfig().PATCHBAY_AUTH }, {
    headers: { "Set-Cookie": sessionCookie(session.sessionId, session.expiresAt, request) },
  });
});

/** DELETE /api/session — sign out: the session ends at once. */
export const DELETE = route(deleteSessionOperation, async ({ request }) => {
  await signOut(request);
  return new Response(null, { status: 204, headers: { "Set-Cookie": clearedSessionCookie(request) } });
});

/** GET /api/session — who the caller is. */
export const GET = route(getSessionOperation, async ({ principal }) =>
  json({ name: principal.name, role: principal.role, auth: getConfig().PATCHBAY_AUTH }));
