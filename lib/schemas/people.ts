import { z } from "zod";

import { ROLES } from "./role";

/** A person the identity provider signed in (DESIGN §18). */
export const personSchema = z.object({
  id: z.string(),
  issuer: z.string(),
  subject: z.string(),
  email: z.string().nullable(),
  name: z.string().nullable(),
  role: z.enum(ROLES).describe("what the role claim gave them at their last sign-in or recheck"),
  groups: z.array(z.string()).describe("the role claim's values then"),
  created_at: z.string(),
  last_seen_at: z.string(),
});

export type PersonView = z.infer<typeof personSchema>;

export const peopleListSchema = z.object({ people: z.array(personSchema) });

export const singleSignOnStartQuerySchema = z.object({ next: z.string().max(2048).optional() });

/** What the provider sends the browser back with; openid-client checks each against the pending sign-in. */
export const singleSignOnCallbackQuerySchema = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  iss: z.string().max(2048).optional(),
  session_state: z.string().max(512).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(2048).optional(),
});
