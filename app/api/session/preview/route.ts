import { previewSessionOperation } from "@/lib/api/security";
import { previewSignIn } from "@/lib/auth/sign-in";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** POST /api/session/preview — the name a sign-in link's token would sign in as; signs nothing in. 401, 415, 403, 429 as sign-in. */
export const POST = route(previewSessionOperation, async ({ body, request }) => json(await previewSignIn(body.token, request)));
