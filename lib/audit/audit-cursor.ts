import { InvalidInputError } from "../errors";

/**
 * Where a page of the audit log ended. The log is ordered by `at`, then events before revisions, then id,
 * all descending — a total order over both tables, so a page boundary inside one millisecond is exact.
 */
export type AuditCursor = { at: Date; kind: "revision" | "event"; id: number };

export function encodeAuditCursor(cursor: AuditCursor): string {
  return Buffer.from(JSON.stringify([cursor.at.toISOString(), cursor.kind, cursor.id])).toString("base64url");
}

export function decodeAuditCursor(text: string): AuditCursor {
  try {
    const [at, kind, id] = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
    const date = new Date(at);
    if (Number.isNaN(date.getTime()) || (kind !== "revision" && kind !== "event") || !Number.isInteger(id)) throw new Error("bad cursor");
    return { at: date, kind, id };
  } catch {
    throw new InvalidInputError("The cursor is not one this API handed out.", [{ path: "/cursor", message: "is not a valid cursor" }]);
  }
}

/** The rows of one table (`kind`) that come after `cursor` in the audit log's order, as a Prisma filter. */
export function afterAuditCursor(cursor: AuditCursor | undefined, kind: AuditCursor["kind"]) {
  if (!cursor) return {};
  const sameInstant = cursor.kind === kind ? [{ at: cursor.at, id: { lt: cursor.id } }] : [];
  // Events sort before revisions of the same instant: after an event come that instant's revisions.
  const laterKindSameInstant = cursor.kind === "event" && kind === "revision" ? [{ at: cursor.at }] : [];
  return { OR: [{ at: { lt: cursor.at } }, ...sameInstant, ...laterKindSameInstant] };
}
