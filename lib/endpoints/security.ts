import { createSessionOperation, createTokenOperation, deleteSessionOperation, getSessionOperation, listAuditOperation, listTokensOperation, previewSessionOperation, revokeTokenOperation } from "../api/security";
import { clearedSessionCookie, sessionCookie } from "../auth/session-cookie";
import { previewSignIn, signIn, signOut } from "../auth/sign-in";
import { mintToken, revokeTokenAndRecord } from "../auth/token-admin";
import { listAuditEntries } from "../audit/audit";
import { listTokens } from "../auth/tokens";
import { getConfig } from "../env";
import { json, noContent } from "../http/responses";
import { route } from "../http/route";

/** GET /api/audit — who changed what, when, across every aggregate. */
export const listAuditHandler = route(listAuditOperation, async ({ query }) => json(await listAuditEntries(query)));

/** POST /api/session/preview — the name a sign-in link's token would sign in as; signs nothing in. 401, 415, 403, 429 as sign-in. */
export const previewSessionHandler = route(previewSessionOperation, async ({ body, request }) => json(await previewSignIn(body.token, request)));

/** POST /api/session — sign in with a token; 401 unknown/revoked/expired, 415 not JSON, 403 foreign Origin, 429 throttled. */
export const createSessionHandler = route(createSessionOperation, async ({ body, request }) => {
  const session = await signIn(body.token, request);
  return json({ name: session.name, role: session.role, auth: getConfig().PATCHBAY_AUTH }, {
    headers: { "Set-Cookie": sessionCookie(session.sessionId, session.expiresAt, request) },
  });
});

/** DELETE /api/session — sign out: the session ends at once. */
export const deleteSessionHandler = route(deleteSessionOperation, async ({ request }) => {
  await signOut(request);
  return new Response(null, { status: 204, headers: { "Set-Cookie": clearedSessionCookie(request) } });
});

/** GET /api/session — who the caller is. */
export const getSessionHandler = route(getSessionOperation, async ({ principal }) =>
  json({ name: principal.name, role: principal.role, auth: getConfig().PATCHBAY_AUTH, ...(principal.personId ? { person_id: principal.personId } : {}) }));

/** DELETE /api/tokens/:id — revoked at once, its sessions and open event streams included. */
export const revokeTokenHandler = route(revokeTokenOperation, async ({ params, actor, request }) => {
  await revokeTokenAndRecord(params.id, { actor, request });
  return noContent();
});

/** POST /api/tokens — mint; the token is in this response and nowhere else, ever. */
export const createTokenHandler = route(createTokenOperation, async ({ body, actor, request }) =>
  json(await mintToken(body, { actor, request }), { status: 201 }));

/** GET /api/tokens — active tokens, never the tokens themselves. */
export const listTokensHandler = route(listTokensOperation, async () => json({ tokens: await listTokens() }));
