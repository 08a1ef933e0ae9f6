import { createSessionOperation, deleteSessionOperation, getSessionOperation } from "@/lib/api/security";
import { clearedSessionCookie, sessionCookie } from "@/lib/auth/session-cookie";
import { findActiveToken } from "@/lib/data/tokens";
import { getConfig } from "@/lib/env";
import { UnauthorizedError } from "@/lib/errors";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** POST /api/session — sign in with a token; 401 when it is unknown, revoked or expired. */
export const POST = route(createSessionOperation, async ({ body, request }) => {
  const token = await findActiveToken(body.token);
  if (!token) throw new UnauthorizedError("That token is unknown, revoked or expired.");
  return json({ name: token.name, role: token.role, auth: getConfig().PATCHBAY_AUTH }, {
    headers: { "Set-Cookie": sessionCookie(body.token, request) },
  });
});

/** DELETE /api/session — sign out. */
export const DELETE = route(deleteSessionOperation, async ({ request }) =>
  new Response(null, { status: 204, headers: { "Set-Cookie": clearedSessionCookie(request) } }));

/** GET /api/session — who the caller is. */
export const GET = route(getSessionOperation, async ({ principal }) =>
  json({ name: principal.name, role: principal.role, auth: getConfig().PATCHBAY_AUTH }));
