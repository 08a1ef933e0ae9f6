import { z } from "zod";

import { REVISION_ACTIONS } from "./revision";

/** What the audit log records besides definition revisions (DESIGN §7: tokens and sessions). */
export const AUDIT_EVENT_ACTIONS = ["token.create", "token.revoke", "session.create", "session.refuse", "session.end", "secrets.rotate-key", "tools.pin", "prompts.pin", "approval.approve", "approval.deny", "mcp-client.allow", "mcp-client.deny", "mcp-client.revoke"] as const;
export type AuditEventAction = (typeof AUDIT_EVENT_ACTIONS)[number];
export const DEFINITION_TYPES = ["server", "capability", "agent", "variable"] as const;
export const AUDIT_EVENT_TYPES = ["token", "session", "secret-key", "toolset", "promptset", "approval", "mcp-client"] as const;
export type AuditEventType = (typeof AUDIT_EVENT_TYPES)[number];

export const auditQuerySchema = z.strictObject({
  entity_type: z.enum([...DEFINITION_TYPES, ...AUDIT_EVENT_TYPES]).optional(),
  action: z.enum([...REVISION_ACTIONS, ...AUDIT_EVENT_ACTIONS]).optional(),
  actor: z.string().max(100).optional(),
  name: z.string().max(100).optional().describe("entity name"),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  cursor: z.string().max(200).optional().describe("next_cursor of the previous page"),
  before: z.string().max(200).optional().describe("older name of cursor (next_before)"),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  /** Unique within `kind`: revisions and events are numbered separately. */
  id: z.number().int(),
  kind: z.enum(["revision", "event"]),
  entity_type: z.enum([...DEFINITION_TYPES, ...AUDIT_EVENT_TYPES]),
  name: z.string(),
  /** The definition's revision; null for token and session events. */
  revision: z.number().int().nullable(),
  action: z.enum([...REVISION_ACTIONS, ...AUDIT_EVENT_ACTIONS]),
  actor: z.string(),
  at: z.iso.datetime(),
  /** Token and session events: non-secret facts (client address, role, reason). */
  detail: z.record(z.string(), z.unknown()).optional(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListSchema = z.object({
  entries: z.array(auditEntrySchema),
  next_cursor: z.string().nullable(),
  /** The same cursor under its earlier name, for clients that pass it back as `before`. */
  next_before: z.string().nullable(),
});
