import { z } from "zod";

import { ROLES } from "./role";
import { oauthCallbackQuerySchema } from "./upstream-oauth";

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

/** What the provider sends the browser back with (an authorization response, as upstream OAuth's callback gets). */
export const singleSignOnCallbackQuerySchema = oauthCallbackQuerySchema.extend({ session_state: z.string().max(512).optional() });
