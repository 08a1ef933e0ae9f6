import { getDb, type Tx } from "../db";
import type { SecretKey } from "../secrets/secret-box";
import { resealVariable } from "./variable-record";

/** Re-seals what another feature keeps sealed (upstream OAuth tokens), inside the rotation's transaction: counts by kind. */
export type Reseal = (tx: Tx, from: SecretKey, to: SecretKey) => Promise<Record<string, number>>;

/**
 * Re-seals every secret under `to` in one transaction (DESIGN §10): the secret variables and whatever `alongside`
 * re-seals (the CLI passes the upstream OAuth rows, §17) all move to the new key or none do. Recorded in the audit
 * log without any value. Returns how many of each kind were re-sealed (`secrets`: the variables).
 */
export async function rotateSecretKey(from: SecretKey, to: SecretKey, actor: string, alongside: readonly Reseal[] = []): Promise<Record<string, number>> {
  return getDb().$transaction(async (tx) => {
    const rows = await tx.variable.findMany({ where: { secret: true }, select: { id: true, name: true, definition: true, sealed: true } });
    for (const row of rows) {
      await tx.variable.update({ where: { id: row.id }, data: { sealed: resealVariable(row, from, to) } });
    }
    let counts: Record<string, number> = { secrets: rows.length };
    for (const reseal of alongside) counts = { ...counts, ...(await reseal(tx, from, to)) };
    await tx.auditEvent.create({
      data: { at: new Date(), actor, action: "secrets.rotate-key", entityType: "secret-key", entityName: to.id, detail: JSON.stringify({ from: from.id, to: to.id, ...counts }) },
    });
    return counts;
  });
}
