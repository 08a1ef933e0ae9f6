import type { Tx } from "../db";
import { getDb } from "../db";
import { NotFoundError } from "../errors";
import type { EntityType, RevisionAction } from "../schemas/revision";

type RevisionInput = {
  entityType: EntityType;
  entityId: number;
  entityName: string;
  revision: number;
  action: RevisionAction;
  actor: string;
  at: Date;
  snapshot: unknown;
};

/** Called inside the transaction of the change it records, so the two land together or not at all. */
export async function recordRevision(tx: Tx, input: RevisionInput): Promise<void> {
  await tx.revision.create({ data: { ...input, snapshot: JSON.stringify(input.snapshot) } });
}

export async function listRevisions(entityType: EntityType, entityId: number) {
  const rows = await getDb().revision.findMany({
    where: { entityType, entityId },
    orderBy: { revision: "desc" },
    select: { revision: true, action: true, actor: true, at: true },
  });
  return rows.map((row) => ({ ...row, at: row.at.toISOString() }));
}

export async function getRevision(entityType: EntityType, entityId: number, entityName: string, revision: number) {
  const row = await getDb().revision.findUnique({
    where: { entityType_entityId_revision: { entityType, entityId, revision } },
  });
  if (!row) throw new NotFoundError(`${entityType} '${entityName}' has no revision ${revision}.`);

  return {
    revision: row.revision,
    action: row.action,
    actor: row.actor,
    at: row.at.toISOString(),
    snapshot: JSON.parse(row.snapshot) as Record<string, unknown>,
  };
}
