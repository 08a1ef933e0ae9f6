import { getDb } from "../db";
import { REVISION_ACTIONS } from "../schemas/revision";
import { AUDIT_EVENT_ACTIONS, AUDIT_EVENT_TYPES, DEFINITION_TYPES, type AuditEntry, type AuditQuery } from "../schemas/audit";
import { afterAuditCursor, decodeAuditCursor, encodeAuditCursor, type AuditCursor } from "./audit-cursor";

const KIND_RANK = { event: 1, revision: 0 } as const;

/**
 * Definition revisions and token/session events, merged newest first (`at`, then events before
 * revisions, then id). Each table gives at most `limit + 1` rows after the cursor; the merge keeps `limit`.
 */
export async function listAuditEntries(query: AuditQuery) {
  const cursorText = query.cursor ?? query.before;
  const cursor = cursorText ? decodeAuditCursor(cursorText) : undefined;
  const [revisions, events] = await Promise.all([listRevisionEntries(query, cursor), listEventEntries(query, cursor)]);

  const merged = [...revisions, ...events].sort(compareNewestFirst);
  const page = merged.slice(0, query.limit);
  const last = page.at(-1);
  const next = merged.length > query.limit && last ? encodeAuditCursor({ at: new Date(last.at), kind: last.kind, id: last.id }) : null;
  return { entries: page, next_cursor: next, next_before: next };
}

async function listRevisionEntries(query: AuditQuery, cursor: AuditCursor | undefined): Promise<AuditEntry[]> {
  if (!includes(DEFINITION_TYPES, query.entity_type) || !includes(REVISION_ACTIONS, query.action)) return [];
  const rows = await getDb().revision.findMany({
    ...pageQuery(query, cursor, "revision"),
    select: { id: true, entityType: true, entityName: true, revision: true, action: true, actor: true, at: true },
  });
  return rows.map((row) => toEntry(row, "revision", row.revision));
}

async function listEventEntries(query: AuditQuery, cursor: AuditCursor | undefined): Promise<AuditEntry[]> {
  if (!includes(AUDIT_EVENT_TYPES, query.entity_type) || !includes(AUDIT_EVENT_ACTIONS, query.action)) return [];
  const rows = await getDb().auditEvent.findMany(pageQuery(query, cursor, "event"));
  return rows.map((row) => ({
    ...toEntry(row, "event", null),
    ...(row.detail ? { detail: JSON.parse(row.detail) as Record<string, unknown> } : {}),
  }));
}

/** Both tables are read alike: the filters, after the cursor, newest first, one more than a page. */
function pageQuery(query: AuditQuery, cursor: AuditCursor | undefined, kind: AuditCursor["kind"]) {
  return {
    where: { entityType: query.entity_type, action: query.action, actor: query.actor, entityName: query.name, ...afterAuditCursor(cursor, kind) },
    orderBy: [{ at: "desc" as const }, { id: "desc" as const }],
    take: query.limit + 1,
  };
}

type EntryRow = { id: number; entityType: string; entityName: string; action: string; actor: string; at: Date };

function toEntry(row: EntryRow, kind: AuditEntry["kind"], revision: number | null): AuditEntry {
  return {
    id: row.id, kind, entity_type: row.entityType as AuditEntry["entity_type"], name: row.entityName,
    revision, action: row.action as AuditEntry["action"], actor: row.actor, at: row.at.toISOString(),
  };
}

function compareNewestFirst(a: AuditEntry, b: AuditEntry): number {
  return b.at.localeCompare(a.at) || KIND_RANK[b.kind] - KIND_RANK[a.kind] || b.id - a.id;
}

/** A filter value that is unset, or one this table can hold. */
function includes(values: readonly string[], filter: string | undefined): boolean {
  return filter === undefined || values.includes(filter);
}
