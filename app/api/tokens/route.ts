import { createTokenOperation, listTokensOperation } from "@/lib/api/security";
import { createToken, listTokens } from "@/lib/data/tokens";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** POST /api/tokens — mint; the token is in this response and nowhere else, ever. */
export const POST = route(createTokenOperation, async ({ body }) => {
  const { last_used_at: _never, ...minted } = await createToken({
    name: body.name,
    role: body.role,
    expiresAt: body.expires_at ? new Date(body.expires_at) : null,
  });
  return json(minted, { status: 201 });
});

/** GET /api/tokens — active tokens, never the tokens themselves. */
export const GET = route(listTokensOperation, async () => json({ tokens: await listTokens() }));
