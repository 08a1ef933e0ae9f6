import { z } from "zod";

import { auditListSchema, auditQuerySchema } from "../schemas/audit";
import { sessionCreateSchema, sessionPreviewSchema, sessionSchema, tokenCreateSchema, tokenSummarySchema } from "../schemas/token";
import { defineOperation } from "./operation";
import { BAD_REQUEST, NOT_FOUND, problemResponse } from "./problem-responses";

const tag = "Security";

export const createTokenOperation = defineOperation({
  method: "POST", path: "/api/tokens", tag, role: "admin",
  summary: "Mint a token; the token itself is shown once, in this response",
  body: tokenCreateSchema,
  responses: { 201: { description: "Minted", schema: tokenSummarySchema.omit({ last_used_at: true }).extend({ token: z.string() }) }, ...BAD_REQUEST },
});

export const listTokensOperation = defineOperation({
  method: "GET", path: "/api/tokens", tag, role: "admin",
  summary: "Active tokens, without the tokens themselves",
  responses: { 200: { description: "Tokens", schema: z.object({ tokens: z.array(tokenSummarySchema) }) } },
});

export const revokeTokenOperation = defineOperation({
  method: "DELETE", path: "/api/tokens/{id}", tag, role: "admin",
  summary: "Revoke a token at once (its sessions end with it)",
  params: z.object({ id: z.string().max(64) }),
  responses: { 204: { description: "Revoked" }, ...NOT_FOUND },
});

/** What the two public endpoints that take a token (sign-in, and its preview) answer when they refuse it. */
const TOKEN_ERRORS = {
  401: problemResponse("Unknown, revoked or expired token"),
  403: problemResponse("An Origin header that is not this site's own"),
  415: problemResponse("The body is not sent as application/json"),
  429: problemResponse("Too many failed authentications from this client address (Retry-After)"),
  ...BAD_REQUEST,
};

export const createSessionOperation = defineOperation({
  method: "POST", path: "/api/session", tag, role: "public", rateLimit: "none", jsonOnly: true, refusesForeignOrigin: true,
  summary: "Sign in with a token: sets an HttpOnly, SameSite=Lax cookie holding an opaque session id (never the token)",
  body: sessionCreateSchema,
  responses: { 200: { description: "Signed in", schema: sessionSchema }, ...TOKEN_ERRORS },
});

export const previewSessionOperation = defineOperation({
  method: "POST", path: "/api/session/preview", tag, role: "public", rateLimit: "none", jsonOnly: true, refusesForeignOrigin: true,
  summary: "The name of the token a sign-in link carries, so the page can ask \"Sign in as <name>\" before signing in; signs nothing in. A wrong token counts as a failed authentication of the client address",
  body: sessionCreateSchema,
  responses: { 200: { description: "The token's name", schema: sessionPreviewSchema }, ...TOKEN_ERRORS },
});

export const deleteSessionOperation = defineOperation({
  method: "DELETE", path: "/api/session", tag, role: "public", rateLimit: "none", refusesForeignOrigin: true,
  summary: "Sign out: ends the session at once and clears its cookie",
  responses: { 204: { description: "Signed out" } },
});

export const getSessionOperation = defineOperation({
  method: "GET", path: "/api/session", tag, role: "viewer",
  summary: "Who the caller is",
  responses: { 200: { description: "The caller", schema: sessionSchema } },
});

export const listAuditOperation = defineOperation({
  method: "GET", path: "/api/audit", tag, role: "viewer",
  summary: "Definition revisions and token and session events (mint, revoke, sign-in, sign-out), newest first",
  query: auditQuerySchema,
  responses: { 200: { description: "Entries", schema: auditListSchema }, ...BAD_REQUEST },
});
