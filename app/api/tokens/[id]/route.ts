import { revokeTokenOperation } from "@/lib/api/security";
import { revokeToken } from "@/lib/data/tokens";
import { noContent } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** DELETE /api/tokens/:id — revoked at once, sessions included. */
export const DELETE = route(revokeTokenOperation, async ({ params }) => {
  await revokeToken(params.id);
  return noContent();
});
