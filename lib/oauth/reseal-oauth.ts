import type { Tx } from "../db";
import { openSecret, sealSecret, type SecretKey } from "../secrets/secret-box";
import { pendingSlotOf, slotOf } from "./sealed";

const CONNECTION_FIELDS = [["client", "client"], ["accessToken", "access"], ["refreshToken", "refresh"]] as const;

/**
 * `secrets rotate-key` (DESIGN §10, §17), inside its transaction: every OAuth connection's client, access and
 * refresh token, and every pending authorization's flow sealed with `from` is sealed again with `to`, in its
 * own slot. A value sealed with neither key opens with none already and is left as it is; one that does not
 * open with `from` although it names it (corrupted) aborts the rotation, like a secret.
 */
export async function resealOAuthRows(tx: Tx, from: SecretKey, to: SecretKey): Promise<{ oauth_connections: number; oauth_pending: number }> {
  const reseal = (slot: string, envelope: string | null) =>
    envelope && envelope.split(".")[1] === from.id ? sealSecret(to, slot, openSecret(from, slot, envelope)) : envelope;

  const connections = await tx.oAuthConnection.findMany({ select: { id: true, serverId: true, environment: true, person: true, client: true, accessToken: true, refreshToken: true } });
  for (const row of connections) {
    const data = Object.fromEntries(CONNECTION_FIELDS.map(([field, what]) => [field, reseal(slotOf(row.serverId, row.environment, row.person, what), row[field])]));
    await tx.oAuthConnection.update({ where: { id: row.id }, data });
  }
  const pending = await tx.oAuthPending.findMany({ select: { stateHash: true, flow: true } });
  for (const row of pending) {
    await tx.oAuthPending.update({ where: { stateHash: row.stateHash }, data: { flow: reseal(pendingSlotOf(row.stateHash), row.flow)! } });
  }
  return { oauth_connections: connections.length, oauth_pending: pending.length };
}
