import { getDb } from "../db";

/** What the audit log records besides definition revisions (DESIGN §7: tokens and sessions). */
export const AUDIT_EVENT_ACTIONS = ["token.create", "token.revoke", "session.create", "session.refuse", "session.end"] as const;
export type AuditEventAction = (typeof AUDIT_EVENT_ACTIONS)[number];
export const AUDIT_EVENT_ENTITY_TYPES = ["token", "session"] as const;

export type AuditEventInput = {
  actor: string;
  action: AuditEventAction;
  entityType: (typeof AUDIT_EVENT_ENTITY_TYPES)[number];
  entityName: string;
  /** Non-secret facts only (a role, a client address, a reason): never a token or a session id. */
  detail?: Record<string, unknown>;
};

export async function recordAuditEvent(event: AuditEventInput): Promise<void> {
  await getDb().auditEvent.create({
    data: {
      at: new Date(),
      actor: event.actor,
      action: event.action,
      entityType: event.entityType,
      entityName: event.entityName,
      detail: event.detail ? JSON.stringify(event.detail) : null,
    },
  });
}
