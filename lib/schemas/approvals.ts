import { z } from "zod";

import { jsonObjectSchema } from "./common";

export const APPROVAL_STATES = ["awaiting_approval", "approved", "denied", "expired"] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];

export const approvalSchema = z.object({
  id: z.string(),
  kind: z.enum(["tool_call", "drift"]),
  server: z.string(),
  environment: z.string(),
  tool: z.string().nullable().describe("tool_call: the upstream tool"),
  arguments: jsonObjectSchema.nullable().describe("tool_call: the arguments, values under secret-looking keys masked"),
  arguments_hash: z.string().nullable().describe("tool_call: hex SHA-256 of the JCS of the arguments"),
  context: jsonObjectSchema.nullable(),
  destination: jsonObjectSchema.nullable().describe("tool_call: the resolved upstream config the call goes to ({type, url, headers} or {type, command, args, env}), secrets masked; null on requests made before destinations were recorded"),
  destination_hash: z.string().nullable().describe("tool_call: hex SHA-256 of the JCS of that config in clear; an approval runs only a call that resolves to the same"),
  toolset_fingerprint: z.string().nullable().describe("drift: the toolset that approving pins"),
  requested_by: z.string(),
  requested_at: z.iso.datetime(),
  state: z.enum(APPROVAL_STATES),
  decided_by: z.string().nullable(),
  decided_at: z.iso.datetime().nullable(),
  expires_at: z.iso.datetime().describe("awaiting: when the request lapses; approved: until when the call may run (PATCHBAY_APPROVAL_TTL_S)"),
  consumed_at: z.iso.datetime().nullable().describe("tool_call: when the approved call ran (once)"),
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
