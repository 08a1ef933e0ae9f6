import { approveOperation, denyOperation, listApprovalsOperation } from "../api/approvals";
import { decideApproval, listApprovals } from "../audit/approvals";
import { json } from "../http/responses";
import { route } from "../http/route";

/** POST /api/approvals/:id/approve — by someone other than the requester; audited. */
export const approveHandler = route(approveOperation, async ({ params, actor }) => json(await decideApproval(params.id, "approve", actor)));

/** POST /api/approvals/:id/deny — by someone other than the requester; audited. */
export const denyHandler = route(denyOperation, async ({ params, actor }) => json(await decideApproval(params.id, "deny", actor)));

/** GET /api/approvals — approval requests, newest first, filtered by state. */
export const listApprovalsHandler = route(listApprovalsOperation, async ({ query }) => json(await listApprovals(query)));
