import { approveOperation, denyOperation, getApprovalOperation, listApprovalsOperation } from "../api/approvals";
import { decideApproval, getApproval, listApprovals } from "../audit/approvals";
import { InvalidInputError } from "../errors";
import { DEFAULT_BODY_LIMIT, readBoundedText } from "../http/body";
import { json } from "../http/responses";
import { route } from "../http/route";
import { denyBodySchema, type DenyBody } from "../schemas/approvals";
import { zodFieldErrors } from "../schemas/field-errors";

/** POST /api/approvals/:id/approve — by someone other than the requester; audited. */
export const approveHandler = route(approveOperation, async ({ params, actor }) => json(await decideApproval(params.id, "approve", actor)));

/** POST /api/approvals/:id/deny — by someone other than the requester, with an optional reason; audited. */
export const denyHandler = route(denyOperation, async ({ params, actor, request }) => {
  const { reason } = await readDenyBody(request);
  return json(await decideApproval(params.id, "deny", actor, reason));
});

/** GET /api/approvals — approval requests, newest first, filtered by state. */
export const listApprovalsHandler = route(listApprovalsOperation, async ({ query }) => json(await listApprovals(query)));

/** GET /api/approvals/:id — one request; whoever may read the list may read it. */
export const getApprovalHandler = route(getApprovalOperation, async ({ params }) => json(await getApproval(params.id)));

/** The deny body is optional (the inbox and older clients send none): empty gives no reason, else JSON `{reason}`. */
async function readDenyBody(request: Request): Promise<DenyBody> {
  const text = await readBoundedText(request, DEFAULT_BODY_LIMIT);
  if (text.trim() === "") return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new InvalidInputError("The body is not valid JSON.", [{ path: "", message: "is not valid JSON" }]);
  }
  const parsed = denyBodySchema.safeParse(value);
  if (!parsed.success) throw new InvalidInputError("The deny body is not valid.", zodFieldErrors(parsed.error));
  return parsed.data;
}
