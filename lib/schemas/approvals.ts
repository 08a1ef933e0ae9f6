import { z } from "zod";

import { jsonObjectSchema } from "./common";

export const APPROVAL_STATES = ["awaiting_approval", "approved", "denied", "expired"] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];
/** Seed 002's approval priorities; a call's `context.priority` is kept when it is one of them. */
export const APPROVAL_PRIORITIES = ["low", "medium", "high", "critical"] as const;
export type ApprovalPriority = (typeof APPROVAL_PRIORITIES)[number];

export const approvalSchema = z.object({
  id: z.string(),
  kind: z.enum(["tool_call", "drift"]),
  server: z.string(),
  environment: z.string(),
  tool: z.string().nullable().describe("tool_call: the upstream tool"),
  arguments: jsonObjectSchema.nullable().describe("tool_call: the arguments, values under secret-looking keys masked"),
  arguments_hash: z.string().nullable().describe("tool_call: hex SHA-256 of the JCS of the arguments"),
  context: jsonObjectSchema.nullable(),
  destination: jsonObjectSchema.nullable().describe("tool_call: the resolved upstream config the call goes to ({type, url, headers} or {type, command, args, env}), secrets masked; null on requests made before destinations were recorded. An approval runs only a call that resolves to the same config in clear (bound by a keyed digest Patchbay keeps to itself)"),
  toolset_fingerprint: z.string().nullable().describe("drift: the toolset that approving pins"),
  requested_by: z.string(),
  requested_at: z.iso.datetime(),
  state: z.enum(APPROVAL_STATES),
  decided_by: z.string().nullable(),
  decided_at: z.iso.datetime().nullable(),
  expires_at: z.iso.datetime().describe("awaiting: when the request lapses; approved: until when the call may run (PATCHBAY_APPROVAL_TTL_S)"),
  consumed_at: z.iso.datetime().nullable().describe("tool_call: when the approved call ran (once)"),
  rationale: z.string().nullable().describe("tool_call: why the caller asks, from the call's context.rationale"),
  priority: z.enum(APPROVAL_PRIORITIES).nullable().describe("tool_call: how urgent, from the call's context.priority (kept when one of these)"),
  conditions: z.array(z.string()).describe("tool_call: the governing tool_policy entry's notes when requested (seed 002's conditions), for the approver to judge"),
  reason: z.string().nullable().describe("denied: the reason the decider gave"),
});
export type Approval = z.infer<typeof approvalSchema>;

export const approvalListQuerySchema = z.strictObject({
  state: z.enum(APPROVAL_STATES).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  cursor: z.string().max(500).optional().describe("next_cursor of the previous page"),
});
export type ApprovalListQuery = z.infer<typeof approvalListQuerySchema>;

export const approvalListSchema = z.object({ approvals: z.array(approvalSchema).describe("newest request first"), next_cursor: z.string().nullable() });
export const approvalParamsSchema = z.object({ id: z.string().max(100) });

/** POST …/deny: an optional JSON body; an empty body denies without a reason. */
export const denyBodySchema = z.strictObject({
  reason: z.string().trim().min(1, "is empty").max(2_000).optional().describe("why: shown with the denied request"),
});
export type DenyBody = z.infer<typeof denyBodySchema>;
