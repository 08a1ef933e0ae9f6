import { approveOperation, denyOperation, getApprovalOperation, listApprovalsOperation } from "../api/approvals";
import { decideApproval, getApproval, listApprovals, parseDenyBody } from "../audit/approvals";
import { principalKey } from "../auth/principal";
import { DEFAULT_BODY_LIMIT, readBoundedText } from "../http/body";
import { json } from "../http/responses";
import { route } from "../http/route";

/** POST /api/approvals/:id/approve — by someone other than the requester; audited. */
export const approveHandler = route(approveOperation, async ({ params, actor, principal }) => json(await decideApproval(params.id, "approve", { name: actor, key: principalKey(principal) })));

/** POST /api/approvals/:id/deny — by someone other than the requester, with an optional reason; audited. */
export const denyHandler = route(denyOperation, async ({ params, actor, principal, request }) => {
  // Optional: the inbox and older clients send none.
  const { reason } = parseDenyBody(await readBoundedText(request, DEFAULT_BODY_LIMIT));
  return json(await decideApproval(params.id, "deny", { name: actor, key: principalKey(principal) }, reason));
});

/** GET /api/approvals — approval requests, newest first, filtered by state. */
export const listApprovalsHandler = route(listApprovalsOperation, async ({ query }) => json(await listApprovals(query)));

/** GET /api/approvals/:id — one request; whoever may read the list may read it. */
export const getApprovalHandler = route(getApprovalOperation, async ({ params }) => json(await getApproval(params.id)));
