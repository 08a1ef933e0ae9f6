import { z } from "zod";

import { ROLES } from "./role";

export const tokenCreateSchema = z.strictObject({
  // The name is the actor of every write the token makes (revisions, audit, log lines): one line, no terminal escapes.
  name: z.string().trim().min(1, "is required").max(100).regex(/^[^\u0000-\u001f\u007f-\u009f]*$/, "must not contain control characters (line breaks, escapes)"),
  role: z.enum(ROLES),
  expires_at: z.iso.datetime({ offset: true }).nullable().optional().refine((value) => !value || new Date(value) > new Date(), "must be in the future"),
});

export const tokenSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  prefix: z.string(),
  created_at: z.iso.datetime(),
  last_used_at: z.iso.datetime().nullable(),
  expires_at: z.iso.datetime().nullable(),
});

export const sessionCreateSchema = z.strictObject({ token: z.string().min(1, "is required").max(500) });
export const sessionSchema = z.object({
  name: z.string().describe("a token's name, or a person's email"),
  role: z.enum(ROLES),
  auth: z.enum(["on", "off"]),
  person_id: z.string().optional().describe("only for a person signed in with the identity provider (GET /api/people)"),
});
/** What a sign-in link's token would sign in as: its name alone (the page asks the person before signing in). */
export const sessionPreviewSchema = z.object({ name: z.string() });
