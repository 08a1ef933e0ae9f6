import { getDb } from "../db";
import type { AuditQuery } from "../schemas/audit";

/** Recent changes across servers, capabilities and agents, newest first; paged by revision row id. */
export async function listAuditEntries(query: AuditQuery) {
  const rows = await getDb().revision.findMany({
    where: {
      entityType: query.entity_type,
      action: query.action,
      actor: query.actor,
      entityName: query.name,
      ...(query.before ? { id: { lt: query.before } } : {}),
    },
    orderBy: { id: "desc" },
    take: query.limit + 1,
    select: { id: true, entityType: true, entityName: true, revision: true, action: true, actor: true, at: true },
  });
  const page = rows.slice(0, query.limit);
  return {
    entries: page.map((row) => ({
      id: row.id,
      entity_type: row.entityType,
      name: row.entityName,
      revision: row.revision,
      action: row.action,
      actor: row.actor,
      at: row.at.toISOString(),
    })),
    next_before: rows.length > query.limit ? page[page.length - 1].id : null,
  };
}
