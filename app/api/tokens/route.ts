import { createTokenOperation, listTokensOperation } from "@/lib/api/security";
import { mintToken } from "@/lib/auth/token-admin";
import { listTokens } from "@/lib/data/tokens";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** POST /api/tokens — mint; the token is in this response and nowhere else, ever. */
export const POST = route(createTokenOperation, async ({ body, actor, request }) =>
  json(await mintToken(body, { actor, request }), { status: 201 }));

/** GET /api/tokens — active tokens, never the tokens themselves. */
export const GET = route(listTokensOperation, async () => json({ tokens: await listTokens() }));
