import { approvalListQuerySchema, approvalListSchema, approvalParamsSchema, approvalSchema } from "../schemas/approvals";
import { defineOperation, readOperation } from "./operation";
import { BAD_REQUEST, NOT_FOUND, problemResponse } from "./problem-responses";

const tag = "Approvals";
const DECISION_ERRORS = {
  ...NOT_FOUND,
  403: problemResponse("Decided by its own requester: someone else must decide it"),
  409: problemResponse("Not awaiting approval (already decided, or expired); for drift, the toolset changed again since"),
};

export const listApprovalsOperation = readOperation({
  path: "/api/approvals", tag, query: approvalListQuerySchema,
  summary: "Approval requests, newest first: tool calls that tool_policy holds for approval, and drift under on_drift: require_approval. `expired` once past expires_at (PATCHBAY_APPROVAL_TTL_S)",
  responses: { 200: { description: "A page of approvals", schema: approvalListSchema }, ...BAD_REQUEST },
});

export const getApprovalOperation = readOperation({
  path: "/api/approvals/{id}", tag, params: approvalParamsSchema,
  summary: "One approval request, as the list shows it: with the caller's rationale and priority, the policy's conditions, and a deny's reason",
  responses: { 200: { description: "The approval", schema: approvalSchema }, ...NOT_FOUND },
});

export const approveOperation = defineOperation({
  method: "POST", path: "/api/approvals/{id}/approve", tag, role: "editor", params: approvalParamsSchema,
  summary: "Approve a request awaiting approval (not your own): the same call by the same caller then runs once within the TTL; a drift approval pins that toolset. Audited",
  responses: { 200: { description: "The decided approval", schema: approvalSchema }, ...DECISION_ERRORS },
});

export const denyOperation = defineOperation({
  method: "POST", path: "/api/approvals/{id}/deny", tag, role: "editor", params: approvalParamsSchema,
  summary: "Deny a request awaiting approval (not your own). An optional JSON body {\"reason\": \"…\"} (at most 2,000 characters) is kept on the request and in the audit entry; an empty body gives none. Audited",
  responses: { 200: { description: "The decided approval", schema: approvalSchema }, ...BAD_REQUEST, ...DECISION_ERRORS },
});
