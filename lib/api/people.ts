import { peopleListSchema, singleSignOnCallbackQuerySchema, singleSignOnStartQuerySchema } from "../schemas/people";
import { defineOperation } from "./operation";
import { CONFLICT } from "./problem-responses";

const tag = "People";

export const startSingleSignOnOperation = defineOperation({
  method: "GET", path: "/sign-in/oidc", tag, role: "public", rateLimit: "none", query: singleSignOnStartQuerySchema,
  summary: "Sign in with the company's identity provider (DESIGN §18): 303 to its authorization endpoint (code + PKCE S256, state, nonce); `next` is where to come back to",
  responses: { 303: { description: "To the identity provider" }, ...CONFLICT },
});

export const finishSingleSignOnOperation = defineOperation({
  method: "GET", path: "/sign-in/oidc/callback", tag, role: "public", rateLimit: "none", query: singleSignOnCallbackQuerySchema,
  summary: "Where the identity provider sends the browser back: the code is exchanged once, in the browser that started, within ten minutes; the role follows the claim; then 303 to `next` with a session, or to `/sign-in?sso=refused|no-role|expired|failed`",
  responses: { 303: { description: "Signed in, or back to the sign-in page with the reason" }, ...CONFLICT },
});

export const listPeopleOperation = defineOperation({
  method: "GET", path: "/api/people", tag, role: "admin",
  summary: "Everyone who signed in with the identity provider, most recently seen first",
  responses: { 200: { description: "People", schema: peopleListSchema } },
});
