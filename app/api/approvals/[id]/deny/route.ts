import { denyOperation } from "@/lib/api/approvals";
import { decideApproval } from "@/lib/data/approvals";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** POST /api/approvals/:id/deny — by someone other than the requester; audited. */
export const POST = route(denyOperation, async ({ params, actor }) => json(await decideApproval(params.id, "deny", actor)));
