import { getDb } from "../db";
import type { SecretKey } from "../secrets/secret-box";
import { resealVariable } from "./variable-record";

/**
 * Re-seals every secret under `to` in one transaction (DESIGN §10): either all of them move to the new key
 * or none do. Recorded in the audit log without any value. Returns how many secrets were re-sealed.
 */
export async function rotateSecretKey(from: SecretKey, to: SecretKey, actor: string): Promise<number> {
  return getDb().$transaction(async (tx) => {
    const rows = await tx.variable.findMany({ where: { secret: true }, select: { id: true, name: true, definition: true, sealed: true } });
    for (const row of rows) {
      await tx.variable.update({ where: { id: row.id }, data: { sealed: resealVariable(row, from, to) } });
    }
    await tx.auditEvent.create({
      data: { at: new Date(), actor, action: "secrets.rotate-key", entityType: "secret-key", entityName: to.id, detail: JSON.stringify({ from: from.id, to: to.id, secrets: rows.length }) },
    });
    return rows.length;
  });
}
