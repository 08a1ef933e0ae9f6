import { revokeTokenOperation } from "@/lib/api/security";
import { revokeTokenAndRecord } from "@/lib/auth/token-admin";
import { noContent } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** DELETE /api/tokens/:id — revoked at once, its sessions and open event streams included. */
export const DELETE = route(revokeTokenOperation, async ({ params, actor, request }) => {
  await revokeTokenAndRecord(params.id, { actor, request });
  return noContent();
});
