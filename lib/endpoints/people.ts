import { finishSingleSignOnOperation, listPeopleOperation, startSingleSignOnOperation } from "../api/people";
import { json } from "../http/responses";
import { route } from "../http/route";
import { listPeople } from "../people/people";
import { finishSingleSignOn, startSingleSignOn, type Redirect } from "../people/sso-flow";

/** GET /sign-in/oidc — to the identity provider, with the pending sign-in sealed in a cookie. */
export const startSingleSignOnHandler = route(startSingleSignOnOperation, async ({ query, request }) =>
  redirect(await startSingleSignOn(query.next, request)));

/** GET /sign-in/oidc/callback — a session for the person, or the sign-in page with the reason. */
export const finishSingleSignOnHandler = route(finishSingleSignOnOperation, async ({ request }) => redirect(await finishSingleSignOn(request)));

/** GET /api/people — who signed in with the identity provider. */
export const listPeopleHandler = route(listPeopleOperation, async () => json(await listPeople()));

function redirect({ location, cookies }: Redirect): Response {
  const headers = new Headers({ Location: location, "Cache-Control": "no-store" });
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return new Response(null, { status: 303, headers });
}
