import { approveOperation } from "@/lib/api/approvals";
import { decideApproval } from "@/lib/data/approvals";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** POST /api/approvals/:id/approve — by someone other than the requester; audited. */
export const POST = route(approveOperation, async ({ params, actor }) => json(await decideApproval(params.id, "approve", actor)));
