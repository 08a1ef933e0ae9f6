import { getDb } from "../db";
import type { AuditEventAction, AuditEventType } from "../schemas/audit";

export type AuditEventInput = {
  actor: string;
  action: AuditEventAction;
  entityType: AuditEventType;
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
